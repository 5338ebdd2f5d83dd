import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../app-context.js';
import { withReconcileLock } from './online.queries.js';
import { reconcilePendingPayments } from './reconcile.service.js';

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
        if (!result) return;
        const { alerts, refundErrors, ...counts } = result;
        for (const alert of alerts)
          log.warn(alert, 'the payment provider could not be asked; its payments stay pending');
        for (const failed of refundErrors)
          log.warn(failed, 'a pending refund could not be checked; the next pass asks again');
        if (counts.checked > 0 || counts.refunds > 0) log.info({ reconcile: counts }, 'reconciled pending payments');
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
