/**
 * PostgreSQL's CPU time on one database, as the bench can see it without `pg_stat_statements`
 * (which needs the server restarted with it preloaded, and counts time waiting on locks as work):
 * the user and system time of the server's backends for that database, from their /proc entries.
 * That works when the server runs on this machine, as the bench's does; for a server elsewhere, or
 * in a container whose process ids this machine does not share, there is nothing to read and the
 * bench says the figure was not measured. The server's own helpers (WAL writer, checkpointer)
 * serve every database, so they are left out: the figure is what the backends spent.
 */
import { readFileSync } from 'node:fs';
import type pg from 'pg';

/** Clock ticks per second of /proc's CPU times: 100 on every Linux this runs on. */
const TICKS = 100;

/** Each backend's CPU time so far, in ms, by process id. */
export type BackendTimes = Map<number, number>;

/**
 * The CPU time so far of every backend connected to `database`, read through `client` (connected
 * to any database of the server); null when the backends' processes are not on this machine.
 */
export async function backendTimes(client: pg.Client, database: string): Promise<BackendTimes | null> {
  const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [
    database,
  ]);
  const times: BackendTimes = new Map();
  for (const { pid } of rows) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      // Not a process of this machine, or a backend that ended since the list was read.
      continue;
    }
    // A process of this machine with the backend's id that is not PostgreSQL: the server is elsewhere.
    if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') return null;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    times.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS);
  }
  return rows.length > 0 && times.size === 0 ? null : times;
}

/**
 * The CPU the backends spent between two readings: what each one still open at the end spent
 * since the first (all of it for a backend opened meanwhile). A backend that closed meanwhile is
 * lost, so the bench reads around work that keeps its connections busy.
 */
export function backendCpuSpent(before: BackendTimes, after: BackendTimes): number {
  let spent = 0;
  for (const [pid, ms] of after) spent += ms - (before.get(pid) ?? 0);
  return spent;
}
