/**
 * PostgreSQL's own account of the measured minutes, when the server has `pg_stat_statements`
 * loaded (`shared_preload_libraries`): the statements that took most of its time, so a run shows
 * where the database's share of the machine went. Counts only the load test's own database.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { rowsOf } from '../src/db/rows.js';

const TOP = 10;
const SHOWN_SQL = 110;

export interface StatementStats {
  /** Lines for the report: the database's time over the measured phase and its top statements. */
  report(seconds: number): Promise<string[]>;
}

/** Starts counting from now, or says why it cannot. */
export async function startStatementStats(db: Db): Promise<StatementStats | string> {
  try {
    await db.execute(sql`create extension if not exists pg_stat_statements`);
    await db.execute(
      sql`select pg_stat_statements_reset(0, (select oid from pg_database where datname = current_database()), 0)`,
    );
  } catch (error) {
    return `PostgreSQL statement times not measured (${(error as Error).message.split('\n')[0]}); to measure them, set shared_preload_libraries = 'pg_stat_statements' and restart PostgreSQL`;
  }
  return {
    async report(seconds) {
      const rows = await rowsOf<{ calls: string; total_ms: number; mean_ms: number; query: string }>(
        db,
        sql`select calls::text, total_exec_time as total_ms, mean_exec_time as mean_ms, query
          from pg_stat_statements
          where dbid = (select oid from pg_database where datname = current_database())
          order by total_exec_time desc`,
      );
      const totalMs = rows.reduce((sum, row) => sum + row.total_ms, 0);
      const lines = [
        `PostgreSQL: ${(totalMs / 1000).toFixed(1)} s executing statements over the measured ${seconds} s ` +
          `(${(totalMs / 1000 / seconds).toFixed(2)} cores, lock waits included); the ${TOP} that took most:`,
        `  ${'share'.padStart(6)} ${'calls'.padStart(7)} ${'mean ms'.padStart(8)}  statement`,
      ];
      for (const row of rows.slice(0, TOP)) {
        const text = row.query.replace(/\s+/g, ' ').trim();
        lines.push(
          `  ${`${((100 * row.total_ms) / Math.max(totalMs, 1)).toFixed(1)}%`.padStart(6)} ${row.calls.padStart(7)} ${row.mean_ms.toFixed(2).padStart(8)}  ${text.length > SHOWN_SQL ? `${text.slice(0, SHOWN_SQL)}…` : text}`,
        );
      }
      return lines;
    },
  };
}
