import type { AppContext } from '../../../app-context.js';
import { recordAudit } from '../../audit/audit.queries.js';
import { SYSTEM } from '../credit.service.js';
import { lockPayment, updatePayment } from '../payments.queries.js';
import { pendingOnlinePayments } from './online.queries.js';
import { type SettleOutcome, settlePayment } from './settle.service.js';

/**
 * The reconciliation pass: verifies pending online payments older than `olderThanMinutes` (a
 * dropped webhook, a closed window) and fails those still unpaid after `abandonAfterMinutes`.
 * Running it on two instances at once is safe, since settling locks the payment row; the
 * schedule (reconcile.job.ts) still takes an advisory lock so the provider is not asked twice.
 */
export async function reconcilePendingPayments(
  ctx: AppContext,
  options: { olderThanMinutes?: number; abandonAfterMinutes?: number; limit?: number } = {},
) {
  const now = ctx.clock();
  const olderThan = new Date(now.getTime() - (options.olderThanMinutes ?? 5) * 60_000);
  const abandonBefore = new Date(now.getTime() - (options.abandonAfterMinutes ?? 24 * 60) * 60_000);
  const rows = await pendingOnlinePayments(ctx.db, olderThan, options.limit ?? 200);
  const result = { checked: 0, credited: 0, failed: 0, review: 0, pending: 0 };
  for (const row of rows) {
    result.checked++;
    let outcome: SettleOutcome;
    try {
      outcome = await settlePayment(ctx, row.reference, { source: 'job' });
    } catch {
      outcome = 'still_pending';
    }
    if (outcome === 'credited') result.credited++;
    else if (outcome === 'review') result.review++;
    else if (outcome === 'failed') result.failed++;
    else if (outcome === 'still_pending' && row.createdAt < abandonBefore) {
      if (await abandon(ctx, row.id)) result.failed++;
      else result.pending++;
    } else result.pending++;
  }
  return result;
}

/** Fails a payment still pending after the abandon window; `false` when something settled it first. */
async function abandon(ctx: AppContext, id: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, undefined, id);
    if (payment?.status !== 'pending') return false;
    await updatePayment(tx, id, { status: 'failed' });
    await recordAudit(tx, SYSTEM, {
      action: 'payment.fail',
      entity: 'payment',
      entityId: id,
      schoolId: payment.schoolId,
      before: { status: 'pending' },
      after: { status: 'failed', reason: 'abandoned', source: 'job' },
    });
    return true;
  });
}
