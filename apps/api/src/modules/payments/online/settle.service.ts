import { formatKobo, ONLINE_METHODS, type OnlineMethod } from '@schoolledger/domain';
import type { AppContext } from '../../../app-context.js';
import type { DbOrTx } from '../../../db/client.js';
import { recordAudit } from '../../audit/audit.queries.js';
import { owedOn } from '../../fees/fee-ledger.queries.js';
import { notifyPaymentFailed } from '../../notifications/notices.service.js';
import { providerFor } from '../../payment-profiles/school-providers.js';
import type { PaymentProvider, PaymentVerification } from '../../providers/provider.js';
import { creditPayment, SYSTEM } from '../credit.service.js';
import { creditHolderOfPayment, moveExcessToCredit } from '../family-credit/family-credit.service.js';
import { findPaymentByReference, lockPayment, type PaymentRow, updatePayment } from '../payments.queries.js';
import { findCheckoutById, findCheckoutByReference } from './checkout.queries.js';
import { settleCheckout } from './checkout-settle.service.js';
import { insertReview, lockFeeAmountForStudents } from './online.queries.js';

/**
 * `still_pending`: the provider answered that the payment is under way (a transfer or USSD the
 * payer started). `unpaid`: it answered that nothing was paid: the checkout was left, never
 * reached it, or only had declined attempts. `unavailable`: no provider account can be asked
 * (no key, or a stored key that cannot be read): nothing was learnt.
 */
export type SettleOutcome =
  | 'credited'
  | 'already_settled'
  | 'review'
  | 'failed'
  | 'still_pending'
  | 'unpaid'
  | 'unavailable'
  | 'unknown';

export const isOnline = (method: string): method is OnlineMethod =>
  (ONLINE_METHODS as readonly string[]).includes(method);

/**
 * Two checkouts for one fee can both be paid: the second finds less owed than it carries. Its
 * money was taken, so it is not failed, and crediting it would collect more than the fee.
 */
export async function overCollection(
  tx: DbOrTx,
  payment: PaymentRow,
  feeKobo: bigint | undefined,
): Promise<string | null> {
  if (feeKobo === undefined) return null;
  const owed = await owedOn(tx, payment.studentId, { id: payment.feeId, amountKobo: feeKobo });
  if (payment.amountKobo <= owed) return null;
  return `over-collection: ${formatKobo(payment.amountKobo)} was paid when only ${formatKobo(owed)} was still owed on the fee; refund or credit the excess of ${formatKobo(payment.amountKobo - owed)}`;
}

/**
 * An over-collection the family keeps as credit rather than a person reviewing it: the excess and
 * the parent it goes to. Null when nothing is over, or when the student has no parent to hold it.
 */
export async function excessToCredit(
  tx: DbOrTx,
  payment: PaymentRow,
  feeKobo: bigint | undefined,
): Promise<{ excessKobo: bigint; parentId: string } | null> {
  if (feeKobo === undefined) return null;
  const owed = await owedOn(tx, payment.studentId, { id: payment.feeId, amountKobo: feeKobo });
  if (payment.amountKobo <= owed) return null;
  const parentId = await creditHolderOfPayment(tx, payment);
  return parentId ? { excessKobo: payment.amountKobo - owed, parentId } : null;
}

/** What the provider reports against what was asked for: a single payment, or a family checkout's total. */
export function mismatch(
  payment: Pick<PaymentRow, 'reference' | 'currency' | 'amountKobo'>,
  v: PaymentVerification,
): string | null {
  if (v.reference !== payment.reference) return `reference ${v.reference ?? 'missing'} does not match`;
  if (v.currency !== payment.currency) return `currency ${v.currency ?? 'missing'} is not ${payment.currency}`;
  if (v.amountKobo !== payment.amountKobo)
    return `amount ${v.amountKobo ?? 'missing'} kobo is not ${payment.amountKobo} kobo`;
  if (v.chargedKobo !== null && v.chargedKobo < payment.amountKobo)
    return `charged ${v.chargedKobo} kobo is below ${payment.amountKobo} kobo`;
  return null;
}

/**
 * Puts a payment in review with what the provider reported: a person decides, nothing is credited.
 * `providerId` is the transaction's id, left off a checkout's lines (one transaction, many rows).
 */
export async function holdForReview(
  tx: DbOrTx,
  payment: PaymentRow,
  verification: PaymentVerification,
  reason: string,
  changes: { verifiedAt: Date; providerId: string | null },
) {
  await updatePayment(tx, payment.id, { status: 'review', ...changes });
  await insertReview(tx, {
    paymentId: payment.id,
    schoolId: payment.schoolId,
    reason,
    expectedKobo: payment.amountKobo,
    reportedKobo: verification.amountKobo,
    currency: verification.currency,
    providerStatus: verification.providerStatus,
    details: {
      reference: verification.reference,
      chargedKobo: verification.chargedKobo?.toString() ?? null,
      providerId: verification.providerId,
    },
  });
}

/** What the provider's answer that is neither paid nor closing means for the reconciliation job. */
export const unpaidOrPending = (verification: PaymentVerification): 'unpaid' | 'still_pending' =>
  verification.status === 'pending' ? 'still_pending' : 'unpaid';

export interface SettleOptions {
  source: 'webhook' | 'callback' | 'job' | 'status';
  /**
   * The row as a caller already read it (a webhook reads it to pick the key), so it is not read
   * again before asking the provider; the locked read below decides whatever it says.
   */
  payment?: PaymentRow | undefined;
  /** The school's provider for the payment's method, when the caller already resolved it. */
  provider?: PaymentProvider | null | undefined;
  /** The provider's transaction the caller was told about (Flutterwave's redirect or webhook). */
  transactionId?: string | null | undefined;
}

/**
 * Flutterwave keeps its checkout open after a declined card and makes a new transaction for the
 * retry under the same tx_ref, so a failed attempt does not end the payment; Paystack's failed
 * status is its answer for the reference.
 */
export const failureEnds = (method: OnlineMethod) => method === 'paystack';

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
    // The fee first, as the cash desk and transfer claims lock it: what is still owed on it cannot
    // change between the check below and the credit, whatever else is being paid at once.
    const feeKobo =
      verification.status === 'success'
        ? await lockFeeAmountForStudents(tx, existing.feeId, [existing.studentId])
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
        await holdForReview(tx, payment, verification, problem, {
          verifiedAt: now,
          providerId: verification.providerId,
        });
        await audit('payment.review', { status: 'review', reason: problem });
        return 'review';
      }
      const credited = await creditPayment(
        tx,
        ctx,
        SYSTEM,
        payment,
        {
          paidAt: verification.paidAt ?? now,
          verifiedAt: now,
          providerId: verification.providerId,
          providerReference: verification.reference,
          channel: verification.channel,
        },
        { providerId: verification.providerId, source: options.source, providerStatus: verification.providerStatus },
      );
      if (excess) await moveExcessToCredit(tx, ctx, SYSTEM, credited, excess.excessKobo, excess.parentId);
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
