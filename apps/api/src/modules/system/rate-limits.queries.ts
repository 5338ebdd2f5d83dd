import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { rateLimitHits } from '../../db/schema.js';

/**
 * Counts one request against `key` and answers the count in its window and the milliseconds left
 * of it, in one statement. The window starts at the key's first request and is timed by the
 * database's clock, so every process and machine counts the same window. Concurrent requests for
 * one key queue on its row, so none is lost.
 */
export async function countRateLimitHit(db: DbOrTx, key: string, windowMs: number) {
  const [row] = await rowsOf<{ hits: number; ttl_ms: number }>(
    db,
    sql`insert into ${rateLimitHits} as r (key, hits, resets_at)
      values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
      on conflict (key) do update set
        hits = case when r.resets_at > now() then r.hits + 1 else 1 end,
        resets_at = case when r.resets_at > now() then r.resets_at else excluded.resets_at end
      returning r.hits, greatest(0, ceil(extract(epoch from r.resets_at - now()) * 1000))::int as ttl_ms`,
  );
  return { hits: row!.hits, ttlMs: row!.ttl_ms };
}

/** Forgets windows that have ended; a key seen again starts a new one anyway. */
export async function pruneRateLimitHits(db: DbOrTx) {
  const removed = await rowsOf<{ key: string }>(
    db,
    sql`delete from ${rateLimitHits} where ${rateLimitHits.resetsAt} <= now() returning key`,
  );
  return removed.length;
}
