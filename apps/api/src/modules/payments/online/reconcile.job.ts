import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { AppContext } from '../../../app-context.js';
import { reconcilePendingPayments } from './reconcile.service.js';

const LOCK_NAME = 'payments.reconcile';

/**
 * Runs `work` only if no other instance holds the reconcile lock, holding it for the whole run.
 * A session lock must be taken and released on the same connection: a server pool lends one
 * connection for the run; PGlite has a single session anyway. `null` when another run holds it.
 */
export async function withReconcileLock<T>(ctx: AppContext, work: () => Promise<T>): Promise<T | null> {
  const client = (ctx.db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const connection = await client.connect();
    try {
      const { rows } = await connection.query<{ locked: boolean }>(
        'select pg_try_advisory_lock(hashtext($1)) as locked',
        [LOCK_NAME],
      );
      if (!rows[0]?.locked) return null;
      try {
        return await work();
      } finally {
        await connection.query('select pg_advisory_unlock(hashtext($1))', [LOCK_NAME]);
      }
    } finally {
      connection.release();
    }
  }
  const locked = await ctx.db.execute(sql`select pg_try_advisory_lock(hashtext(${LOCK_NAME})) as locked`);
  if (!rowsOf<{ locked: boolean }>(locked)[0]?.locked) return null;
  try {
    return await work();
  } finally {
    await ctx.db.execute(sql`select pg_advisory_unlock(hashtext(${LOCK_NAME}))`);
  }
}

/** drizzle's execute answers `{ rows }` on both drivers. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** One pass: verifies pending online payments and fails the long-abandoned ones, if no other instance is at it. */
export async function runReconcile(ctx: AppContext, options?: Parameters<typeof reconcilePendingPayments>[1]) {
  return withReconcileLock(ctx, () => reconcilePendingPayments(ctx, options));
}

/**
 * Every `reconcileIntervalSeconds` (0: never), one pass at a time. Started by the server, not by
 * buildApp, so tests drive the pass themselves.
 */
export function startReconcileJob(ctx: AppContext, log: FastifyBaseLogger) {
  const seconds = ctx.config.reconcileIntervalSeconds;
  if (seconds === 0) return { stop: async () => {} };
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = runReconcile(ctx)
      .then((result) => {
        if (result && result.checked > 0) log.info({ reconcile: result }, 'reconciled pending payments');
      })
      .catch((error) => log.error({ err: error }, 'reconciling pending payments failed'))
      .finally(() => {
        running = null;
      });
  }, seconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
