import { ONLINE_METHODS, type OnlineMethod } from '@schoolledger/domain';
import type { AppContext } from '../../../app-context.js';
import { recordAudit } from '../../audit/audit.queries.js';
import { holdFeesForStudents } from '../../ledger/lock-order.js';
import { findPaymentByReference, lockPayment, updatePayment } from '../../ledger/payments.queries.js';
import { recordPayment } from '../../ledger/record-payment.js';
import { notifyPaymentFailed } from '../../notifications/notices.service.js';
import { providerFor } from '../../payment-profiles/school-providers.js';
import { moveExcessToCredit } from '../family-credit/family-credit.service.js';
import { SYSTEM } from '../system-actor.js';
import { findCheckoutById, findCheckoutByReference } from './checkout.queries.js';
import { settleCheckout } from './checkout-settle.service.js';
import {
  excessToCredit,
  failureEnds,
  holdForReview,
  mismatch,
  overCollection,
  type SettleOptions,
  type SettleOutcome,
  unpaidOrPending,
} from './settle-outcome.js';

export const isOnline = (method: string): method is OnlineMethod =>
  (ONLINE_METHODS as readonly string[]).includes(method);

/**
 * The only code that credits a payment. Asks the provider (never the webhook body or the redirect
 * query), then, under a row lock on the payment, moves it from pending (or failed: a late success)
 * to success exactly once, or to review on any mismatch. Safe to call any number of times at once.
 * A family checkout's reference (or one of its lines') settles the whole checkout (settleCheckout).
 */
export async function settlePayment(
  ctx: AppContext,
  reference: string,
  options: SettleOptions = { source: 'job' },
): Promise<SettleOutcome> {
  const existing = options.payment ?? (await findPaymentByReference(ctx.db, reference));
  // A family checkout's reference names no payment; its lines' references mean the checkout.
  const checkout = existing
    ? existing.checkoutId && (await findCheckoutById(ctx.db, existing.checkoutId))
    : await findCheckoutByReference(ctx.db, reference);
  if (checkout) return settleCheckout(ctx, checkout, { source: options.source, transactionId: options.transactionId });
  if (existing?.kind !== 'payment' || !isOnline(existing.method)) return 'unknown';
  if (existing.status === 'success' || existing.status === 'review') return 'already_settled';
  const provider =
    options.provider !== undefined
      ? options.provider
      : await providerFor(ctx, existing.schoolId, existing.method, { includeSwitchedOff: true });
  if (!provider || provider.name !== existing.method) return 'unavailable';
  const method = existing.method;

  const verification = await provider.verify(reference, { transactionId: options.transactionId });
  const now = ctx.clock();

  return ctx.db.transaction(async (tx) => {
    // The fee before the payment (lock-order.ts): what is still owed on it cannot change between
    // the check below and the credit.
    const feeKobo =
      verification.status === 'success'
        ? (await holdFeesForStudents({ tx, lines: [existing] })).get(existing.feeId)
        : undefined;
    const payment = await lockPayment(tx, undefined, existing.id);
    if (!payment || payment.status === 'success' || payment.status === 'review') return 'already_settled';
    const audit = (action: string, after: Record<string, unknown>) =>
      recordAudit(tx, SYSTEM, {
        action,
        entity: 'payment',
        entityId: payment.id,
        schoolId: payment.schoolId,
        before: { status: payment.status },
        after: { ...after, source: options.source, providerStatus: verification.providerStatus },
      });

    if (verification.status === 'success') {
      const mismatched = mismatch(payment, verification);
      const excess = mismatched ? null : await excessToCredit(tx, payment, feeKobo);
      const problem = mismatched ?? (excess ? null : await overCollection(tx, payment, feeKobo));
      if (problem) {
        await holdForReview({
          tx,
          payment,
          verification,
          reason: problem,
          changes: { verifiedAt: now, providerId: verification.providerId },
        });
        await audit('payment.review', { status: 'review', reason: problem });
        return 'review';
      }
      const credited = await recordPayment({
        tx,
        ctx,
        actor: SYSTEM,
        payment,
        details: {
          paidAt: verification.paidAt ?? now,
          verifiedAt: now,
          providerId: verification.providerId,
          providerReference: verification.reference,
          channel: verification.channel,
        },
        audit: {
          providerId: verification.providerId,
          source: options.source,
          providerStatus: verification.providerStatus,
        },
      });
      if (excess) await moveExcessToCredit({ tx, ctx, actor: SYSTEM, payment: credited, ...excess });
      return 'credited';
    }
    const closes = verification.status === 'reversed' || (verification.status === 'failed' && failureEnds(method));
    if (payment.status === 'pending' && closes) {
      await updatePayment(tx, payment.id, { status: 'failed', verifiedAt: now });
      await audit('payment.fail', { status: 'failed' });
      await notifyPaymentFailed(tx, ctx, payment.id, 'provider');
      return 'failed';
    }
    if (payment.status === 'failed') return 'failed';
    return unpaidOrPending(verification);
  });
}
