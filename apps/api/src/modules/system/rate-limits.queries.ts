import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { rateLimitHits } from '../../db/schema.js';

/**
 * Counts one request against a key, answering the count in its window and the milliseconds left
 * of it, in one statement prepared once per connection (it runs on every API request). The
 * window starts at the key's first request and is timed by the database's clock, so every
 * process and machine counts the same window. Concurrent requests for one key queue on its row,
 * so none is lost.
 */
export function rateLimitCounter(db: DbOrTx) {
  const stillOpen = sql`${rateLimitHits.resetsAt} > now()`;
  const statement = db
    .insert(rateLimitHits)
    .values({
      key: sql.placeholder('key'),
      hits: 1,
      resetsAt: sql`now() + ${sql.placeholder('windowMs')} * interval '1 millisecond'`,
    })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${stillOpen} then ${rateLimitHits.hits} + 1 else 1 end`,
        resetsAt: sql`case when ${stillOpen} then ${rateLimitHits.resetsAt} else excluded.resets_at end`,
      },
    })
    .returning({
      hits: rateLimitHits.hits,
      ttlMs: sql<number>`greatest(0, ceil(extract(epoch from ${rateLimitHits.resetsAt} - now()) * 1000))::int`,
    })
    .prepare('rate_limit_hit');
  return async (key: string, windowMs: number) => {
    const [row] = await statement.execute({ key, windowMs });
    return row!;
  };
}

/** Forgets windows that have ended; a key seen again starts a new one anyway. */
export async function pruneRateLimitHits(db: DbOrTx) {
  const removed = await rowsOf<{ key: string }>(
    db,
    sql`delete from ${rateLimitHits} where ${rateLimitHits.resetsAt} <= now() returning key`,
  );
  return removed.length;
}
