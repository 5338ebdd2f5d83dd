import type { AppContext } from '../../../app-context.js';
import type { DbOrTx } from '../../../db/client.js';
import { recordAudit } from '../../audit/audit.queries.js';
import { holdFeesForStudents } from '../../ledger/lock-order.js';
import { type PaymentRow, updatePayment } from '../../ledger/payments.queries.js';
import { recordPayment } from '../../ledger/record-payment.js';
import { notifyPaymentFailed } from '../../notifications/notices.service.js';
import { providerFor } from '../../payment-profiles/school-providers.js';
import { moveExcessToCredit } from '../family-credit/family-credit.service.js';
import { SYSTEM } from '../system-actor.js';
import { type CheckoutRow, lockCheckout, paymentsOfCheckout, updateCheckout } from './checkout.queries.js';
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

/**
 * Settles a family checkout: one provider transaction that pays every line. Asks the provider
 * about the checkout's reference, then, under a row lock on the checkout, moves it from pending
 * (or failed: a late success) to success exactly once and credits every line in the same
 * transaction, each with its own receipt number in its own school's sequence. A line that would
 * now collect more than its fee still owes keeps the excess as the family's credit. A mismatch with
 * the total, or an excess no parent can hold, puts the whole checkout and every line in review:
 * the money came as one, so it is decided as one. Safe to call any
 * number of times at once; settlePayment sends every checkout reference here.
 */
export async function settleCheckout(
  ctx: AppContext,
  checkout: CheckoutRow,
  options: Pick<SettleOptions, 'source' | 'transactionId'>,
): Promise<SettleOutcome> {
  if (checkout.status === 'success' || checkout.status === 'review') return 'already_settled';
  const provider = await providerFor(ctx, checkout.schoolId, checkout.method, { includeSwitchedOff: true });
  if (!provider || provider.name !== checkout.method) return 'unavailable';
  const verification = await provider.verify(checkout.reference, { transactionId: options.transactionId });
  const now = ctx.clock();
  // A line's fee and student never change, so they are known before the transaction.
  const linesBefore = await paymentsOfCheckout(ctx.db, checkout.id);

  return ctx.db.transaction(async (tx) => {
    // The fees before the checkout (lock-order.ts).
    const feeKobo =
      verification.status === 'success'
        ? await holdFeesForStudents({ tx, lines: linesBefore })
        : new Map<string, bigint | undefined>();
    const locked = await lockCheckout(tx, checkout.id);
    if (!locked || locked.status === 'success' || locked.status === 'review') return 'already_settled';
    const lines = await paymentsOfCheckout(tx, locked.id, true);
    const trail = { checkout: locked.reference, source: options.source, providerStatus: verification.providerStatus };

    if (verification.status === 'success') {
      let problem = mismatch(locked, verification);
      // A line its fee no longer needs in full (paid meanwhile) is credited and its excess kept as
      // the family's credit, as for a single payment; without a parent to hold it, a person decides.
      const excesses = new Map<string, { excessKobo: bigint; parentId: string }>();
      for (const line of lines) {
        if (problem) break;
        const excess = await excessToCredit(tx, line, feeKobo.get(line.feeId));
        if (excess) {
          excesses.set(line.id, excess);
          continue;
        }
        const over = await overCollection(tx, line, feeKobo.get(line.feeId));
        if (over) problem = `line ${line.reference}: ${over}`;
      }
      if (problem) {
        const reason = `family checkout ${locked.reference}: ${problem}`;
        await updateCheckout(tx, locked.id, { status: 'review', verifiedAt: now, providerId: verification.providerId });
        for (const line of lines) {
          await holdForReview({
            tx,
            payment: line,
            verification,
            reason,
            changes: { verifiedAt: now, providerId: null },
          });
          await auditLine(tx, line, 'payment.review', { status: 'review', reason, ...trail });
        }
        return 'review';
      }
      const paidAt = verification.paidAt ?? now;
      await updateCheckout(tx, locked.id, {
        status: 'success',
        verifiedAt: now,
        paidAt,
        providerId: verification.providerId,
        providerReference: verification.reference,
        channel: verification.channel,
      });
      await recordAudit(tx, SYSTEM, {
        action: 'payment.checkout.credit',
        entity: 'payment_checkout',
        entityId: locked.id,
        schoolId: locked.schoolId,
        before: { status: locked.status },
        after: {
          status: 'success',
          totalKobo: locked.amountKobo.toString(),
          payments: lines.map((line) => line.id),
          providerId: verification.providerId,
          ...trail,
        },
      });
      // The transaction's id stays on the checkout: one provider transaction is many payment rows.
      for (const line of lines) {
        const credited = await recordPayment({
          tx,
          ctx,
          actor: SYSTEM,
          payment: line,
          details: {
            paidAt,
            verifiedAt: now,
            providerReference: verification.reference,
            channel: verification.channel,
          },
          audit: { providerId: verification.providerId, ...trail },
        });
        const excess = excesses.get(line.id);
        if (excess) await moveExcessToCredit({ tx, ctx, actor: SYSTEM, payment: credited, ...excess });
      }
      return 'credited';
    }
    const closes =
      verification.status === 'reversed' || (verification.status === 'failed' && failureEnds(locked.method));
    if (locked.status === 'pending' && closes) {
      await failCheckout({ tx, ctx, checkout: locked, lines, reason: 'provider', trail });
      return 'failed';
    }
    return locked.status === 'failed' ? 'failed' : unpaidOrPending(verification);
  });
}

const auditLine = (tx: DbOrTx, line: PaymentRow, action: string, after: Record<string, unknown>) =>
  recordAudit(tx, SYSTEM, {
    action,
    entity: 'payment',
    entityId: line.id,
    schoolId: line.schoolId,
    before: { status: line.status },
    after,
  });

/** The checkout and its pending lines failed, each line audited and its payer told, as a single payment is. */
async function failCheckout({
  tx,
  ctx,
  checkout,
  lines,
  reason,
  trail,
}: {
  tx: DbOrTx;
  ctx: AppContext;
  checkout: CheckoutRow;
  lines: PaymentRow[];
  reason: 'provider' | 'abandoned';
  trail: Record<string, unknown>;
}) {
  await updateCheckout(tx, checkout.id, { status: 'failed' });
  for (const line of lines) {
    if (line.status !== 'pending') continue;
    await updatePayment(tx, line.id, { status: 'failed' });
    await auditLine(tx, line, 'payment.fail', {
      status: 'failed',
      ...(reason === 'abandoned' ? { reason } : {}),
      ...trail,
    });
    await notifyPaymentFailed(tx, ctx, line.id, reason);
  }
}

/** Fails a checkout still pending after the abandon window; `false` when something settled it first. */
export async function abandonCheckout(ctx: AppContext, id: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const checkout = await lockCheckout(tx, id);
    if (checkout?.status !== 'pending') return false;
    const lines = await paymentsOfCheckout(tx, id, true);
    await failCheckout({
      tx,
      ctx,
      checkout,
      lines,
      reason: 'abandoned',
      trail: { checkout: checkout.reference, source: 'job' },
    });
    return true;
  });
}
