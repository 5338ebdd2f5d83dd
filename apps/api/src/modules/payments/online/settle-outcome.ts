import { formatKobo, type OnlineMethod } from '@schoolledger/domain';
import type { DbOrTx } from '../../../db/client.js';
import { owedOn } from '../../fees/fee-ledger.queries.js';
import { type PaymentRow, updatePayment } from '../../ledger/payments.queries.js';
import type { PaymentProvider, PaymentVerification } from '../../providers/provider.js';
import { creditHolderOfPayment } from '../family-credit/family-credit.service.js';
import { insertReview } from './online.queries.js';

/*
 * What a provider's answer means for a payment, shared by the two settles: a single payment's
 * (settle.service.ts) and a family checkout's (checkout-settle.service.ts). Here rather than in
 * either, so that neither service imports the other's rules.
 */

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
export async function holdForReview({
  tx,
  payment,
  verification,
  reason,
  changes,
}: {
  tx: DbOrTx;
  payment: PaymentRow;
  verification: PaymentVerification;
  reason: string;
  changes: { verifiedAt: Date; providerId: string | null };
}) {
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
