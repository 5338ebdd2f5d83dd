import { ONLINE_METHODS, type OnlineMethod } from '@schoolledger/domain';
import type { AppContext } from '../../../app-context.js';
import { recordAudit } from '../../audit/audit.queries.js';
import { providerFor } from '../../payment-profiles/school-providers.js';
import type { PaymentProvider, PaymentVerification } from '../../providers/provider.js';
import { creditPayment, SYSTEM } from '../credit.service.js';
import { findPaymentByReference, lockPayment, type PaymentRow, updatePayment } from '../payments.queries.js';
import { insertReview } from './online.queries.js';

export type SettleOutcome = 'credited' | 'already_settled' | 'review' | 'failed' | 'still_pending' | 'unknown';

export const isOnline = (method: string): method is OnlineMethod =>
  (ONLINE_METHODS as readonly string[]).includes(method);

function mismatch(payment: PaymentRow, v: PaymentVerification): string | null {
  if (v.reference !== payment.reference) return `reference ${v.reference ?? 'missing'} does not match`;
  if (v.currency !== payment.currency) return `currency ${v.currency ?? 'missing'} is not ${payment.currency}`;
  if (v.amountKobo !== payment.amountKobo)
    return `amount ${v.amountKobo ?? 'missing'} kobo is not ${payment.amountKobo} kobo`;
  if (v.chargedKobo !== null && v.chargedKobo < payment.amountKobo)
    return `charged ${v.chargedKobo} kobo is below ${payment.amountKobo} kobo`;
  return null;
}

export interface SettleOptions {
  source: 'webhook' | 'callback' | 'job' | 'status';
  /**
   * The row as a caller already read it (a webhook reads it to pick the key), so it is not read
   * again before asking the provider; the locked read below decides whatever it says.
   */
  payment?: PaymentRow | undefined;
  /** The school's provider for the payment's method, when the caller already resolved it. */
  provider?: PaymentProvider | null | undefined;
}

/**
 * The only code that credits a payment. Asks the provider (never the webhook body or the redirect
 * query), then, under a row lock on the payment, moves it from pending (or failed: a late success)
 * to success exactly once, or to review on any mismatch. Safe to call any number of times at once.
 */
export async function settlePayment(
  ctx: AppContext,
  reference: string,
  options: SettleOptions = { source: 'job' },
): Promise<SettleOutcome> {
  const existing = options.payment ?? (await findPaymentByReference(ctx.db, reference));
  if (existing?.kind !== 'payment' || !isOnline(existing.method)) return 'unknown';
  if (existing.status === 'success' || existing.status === 'review') return 'already_settled';
  const provider =
    options.provider !== undefined
      ? options.provider
      : await providerFor(ctx, existing.schoolId, existing.method, { includeSwitchedOff: true });
  if (!provider || provider.name !== existing.method) return 'still_pending';

  const verification = await provider.verify(reference);
  const now = ctx.clock();

  return ctx.db.transaction(async (tx) => {
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
      const problem = mismatch(payment, verification);
      if (problem) {
        await updatePayment(tx, payment.id, { status: 'review', verifiedAt: now, providerId: verification.providerId });
        await insertReview(tx, {
          paymentId: payment.id,
          schoolId: payment.schoolId,
          reason: problem,
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
        await audit('payment.review', { status: 'review', reason: problem });
        return 'review';
      }
      await creditPayment(
        tx,
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
      return 'credited';
    }
    if (payment.status === 'pending' && (verification.status === 'failed' || verification.status === 'reversed')) {
      await updatePayment(tx, payment.id, { status: 'failed', verifiedAt: now });
      await audit('payment.fail', { status: 'failed' });
      return 'failed';
    }
    return payment.status === 'failed' ? 'failed' : 'still_pending';
  });
}
