import { getTableColumns, type SQL, type Table } from 'drizzle-orm';
import type { ReadDb } from './client.js';

/** The rows of a hand-written statement: drizzle's `execute` answers `{ rows }` on both drivers. */
export async function rowsOf<T>(db: ReadDb, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A row of `table` as a hand-written statement returns it (its columns by their database names),
 * read as drizzle reads the table: each column through its own type (bigint, timestamps, enums).
 */
export function tableRowOf<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
