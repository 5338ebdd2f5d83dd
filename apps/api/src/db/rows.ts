import type { SQL } from 'drizzle-orm';
import type { ReadDb } from './client.js';

/** The rows of a hand-written statement: drizzle's `execute` answers `{ rows }` on both drivers. */
export async function rowsOf<T>(db: ReadDb, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
