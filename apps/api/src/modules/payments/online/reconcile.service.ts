import type { AppContext } from '../../../app-context.js';
import { recordAudit } from '../../audit/audit.queries.js';
import { lockPayment, updatePayment } from '../../ledger/payments.queries.js';
import { notifyPaymentFailed } from '../../notifications/notices.service.js';
import { settlePendingRefunds } from '../refunds/refunds.service.js';
import { SYSTEM } from '../system-actor.js';
import { pendingCheckouts } from './checkout.queries.js';
import { abandonCheckout, settleCheckout } from './checkout-settle.service.js';
import { alertedSince, pendingOnlinePayments } from './online.queries.js';
import { settlePayment } from './settle.service.js';
import type { SettleOutcome } from './settle-outcome.js';

/** What the school's ICT administrator is told when its provider account could not be asked. */
export const PROVIDER_UNREACHABLE = 'payments.provider_unreachable';
/** A school is told again about the same account at most this often; the log says it every pass. */
const ALERT_EVERY_MS = 60 * 60_000;

/**
 * An unpaid checkout is closed as abandoned once this old and its provider says nothing was paid
 * (left, never reached it, only declined cards). Passes come every few minutes, so a checkout
 * left is asked about and closed well within half an hour; a payment made later still is
 * credited (a late success, below). A payment the provider reports under way waits a day.
 */
export const CLOSE_UNPAID_AFTER_MINUTES = 15;

/**
 * The reconciliation pass: verifies pending online payments older than `olderThanMinutes` (a
 * dropped webhook, a closed window) and payments failed within the abandon window (a late
 * success); closes as abandoned those the provider reports unpaid after `closeUnpaidAfterMinutes`,
 * and those it still reports under way after `abandonAfterMinutes`; family checkouts the same
 * way, as a whole.
 * Only an answer of the provider fails a payment: when it cannot be asked (timeout, 5xx, a key
 * it refuses, no readable key) the payment stays pending, is tried again on the next pass, and
 * the school's administrator is alerted (at most hourly). Then it follows up pending refunds.
 * Running it on two instances at once is safe, since settling locks the payment row; the
 * schedule (reconcile.job.ts) still takes an advisory lock so the provider is not asked twice.
 */
export async function reconcilePendingPayments(
  ctx: AppContext,
  options: {
    olderThanMinutes?: number;
    closeUnpaidAfterMinutes?: number;
    abandonAfterMinutes?: number;
    limit?: number;
  } = {},
) {
  const now = ctx.clock();
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const olderThan = minutesAgo(options.olderThanMinutes ?? 5);
  const unpaidBefore = minutesAgo(options.closeUnpaidAfterMinutes ?? CLOSE_UNPAID_AFTER_MINUTES);
  const abandonBefore = minutesAgo(options.abandonAfterMinutes ?? 24 * 60);
  const limit = options.limit ?? 200;
  // A family checkout is one provider transaction: it is verified, and abandoned, as a whole.
  const targets: Target[] = [
    ...(await pendingOnlinePayments(ctx.db, olderThan, limit, abandonBefore)).map((row) => ({
      ...row,
      settle: () => settlePayment(ctx, row.reference, { source: 'job' }),
      abandon: () => abandon(ctx, row.id),
    })),
    ...(await pendingCheckouts(ctx.db, olderThan, limit, abandonBefore)).map((checkout) => ({
      ...checkout,
      settle: () => settleCheckout(ctx, checkout, { source: 'job' }),
      abandon: () => abandonCheckout(ctx, checkout.id),
    })),
  ];
  const abandoned = (outcome: SettleOutcome, createdAt: Date) =>
    (outcome === 'unpaid' && createdAt < unpaidBefore) || (outcome === 'still_pending' && createdAt < abandonBefore);
  const result = { checked: 0, credited: 0, failed: 0, review: 0, pending: 0, unreachable: 0, refunds: 0 };
  const unreachable = new Map<string, { schoolId: string; method: string; references: string[]; error: string }>();
  for (const row of targets) {
    result.checked++;
    let outcome: SettleOutcome;
    let error = 'no usable key for the provider account';
    try {
      outcome = await row.settle();
    } catch (caught) {
      outcome = 'unavailable';
      error = describe(caught);
    }
    if (outcome === 'unavailable') {
      result.unreachable++;
      const key = `${row.schoolId}:${row.method}`;
      const entry = unreachable.get(key) ?? { schoolId: row.schoolId, method: row.method, references: [], error };
      entry.references.push(row.reference);
      unreachable.set(key, entry);
    } else if (outcome === 'credited') result.credited++;
    else if (outcome === 'review') result.review++;
    else if (outcome === 'failed' && row.status === 'pending') result.failed++;
    else if (row.status === 'pending' && abandoned(outcome, row.createdAt)) {
      if (await row.abandon()) result.failed++;
      else result.pending++;
    } else if (row.status === 'pending') result.pending++;
  }
  for (const entry of unreachable.values()) await alertUnreachable(ctx, entry);
  const refunds = await settlePendingRefunds(ctx, { olderThan });
  result.refunds = refunds.finished;
  const alerts = [...unreachable.values()].map(({ schoolId, method, error, references }) => ({
    schoolId,
    method,
    error,
    pending: references.length,
  }));
  return { ...result, alerts, refundErrors: refunds.errors };
}

/** A single payment or a family checkout to verify again. */
interface Target {
  reference: string;
  schoolId: string;
  method: string;
  status: string;
  createdAt: Date;
  settle: () => Promise<SettleOutcome>;
  abandon: () => Promise<boolean>;
}

function describe(error: unknown): string {
  const { name, message, status } = error as { name?: string; message?: string; status?: number };
  return `${name ?? 'Error'}${status === undefined ? '' : ` ${status}`}: ${message ?? String(error)}`;
}

/**
 * Recorded as an audit row naming the school, which the notifications issue turns into a message
 * to the school's ICT administrator; the job also logs it as a warning for the operator.
 */
async function alertUnreachable(
  ctx: AppContext,
  entry: { schoolId: string; method: string; references: string[]; error: string },
) {
  const since = new Date(ctx.clock().getTime() - ALERT_EVERY_MS);
  if (await alertedSince(ctx.db, PROVIDER_UNREACHABLE, entry.schoolId, entry.method, since)) return;
  await recordAudit(ctx.db, SYSTEM, {
    action: PROVIDER_UNREACHABLE,
    entity: 'payment_profile',
    entityId: entry.schoolId,
    schoolId: entry.schoolId,
    after: {
      method: entry.method,
      error: entry.error,
      pendingPayments: entry.references.length,
      at: ctx.clock().toISOString(),
    },
  });
}

/** Closes an unpaid payment as abandoned (failed, nothing charged); `false` when something settled it first. */
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
    await notifyPaymentFailed(tx, ctx, id, 'abandoned');
    return true;
  });
}
