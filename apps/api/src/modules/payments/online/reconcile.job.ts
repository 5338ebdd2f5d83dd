import type { AppContext } from '../../../app-context.js';
import { withReconcileLock } from './online.queries.js';
import { reconcilePendingPayments } from './reconcile.service.js';

/** One pass (the job runner's `payments.reconcile`): verifies pending online payments and fails the long-abandoned ones, if no other instance is at it. */
export async function runReconcile(ctx: AppContext, options?: Parameters<typeof reconcilePendingPayments>[1]) {
  return withReconcileLock(ctx, () => reconcilePendingPayments(ctx, options));
}
