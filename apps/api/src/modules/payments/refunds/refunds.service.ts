import { ERROR_CODES, PAYMENT_METHOD_LABELS, type Payment } from '@schoolledger/domain';
import type { AppContext } from '../../../app-context.js';
import { payments } from '../../../db/schema.js';
import { AppError, isUniqueViolation } from '../../../lib/errors.js';
import type { AuthContext } from '../../../plugins/auth.js';
import { inSchoolScope } from '../../../plugins/tenancy.js';
import { type Actor, recordAudit } from '../../audit/audit.queries.js';
import { providerFor } from '../../payment-profiles/school-providers.js';
import { type PaymentProvider, ProviderError, type RefundResult } from '../../providers/provider.js';
import { newReference } from '../credit.service.js';
import {
  alreadyRefunded,
  paymentMethodUnavailable,
  paymentNotFound,
  providerRefusedRefund,
  refundNotAllowed,
} from '../payments.errors.js';
import { findPaymentById, findRefundOf, insertPayment, lockPayment, type PaymentRow } from '../payments.queries.js';
import { getVisiblePayment } from '../reporting/lists.service.js';

function assertRefundable(payment: PaymentRow | undefined, refunded: boolean): asserts payment is PaymentRow {
  if (!payment) throw paymentNotFound();
  if (payment.kind !== 'payment') throw refundNotAllowed('A refund cannot itself be refunded');
  if (payment.status !== 'success') throw refundNotAllowed('Only a successful payment can be refunded');
  if (refunded) throw alreadyRefunded();
}

/** The account that took an online payment, even if the school has since switched the method off. */
async function providerOf(ctx: AppContext, payment: PaymentRow): Promise<PaymentProvider | null> {
  if (payment.method !== 'paystack' && payment.method !== 'flutterwave') return null;
  const provider = await providerFor(ctx, payment.schoolId, payment.method, { includeSwitchedOff: true });
  if (!provider)
    throw paymentMethodUnavailable(`${PAYMENT_METHOD_LABELS[payment.method]} is not set up for this school`);
  return provider;
}

async function askProvider(provider: PaymentProvider, payment: PaymentRow): Promise<RefundResult> {
  try {
    return await provider.refund({
      reference: payment.providerReference ?? payment.reference,
      providerId: payment.providerId,
      amountKobo: payment.amountKobo,
    });
  } catch (error) {
    if (error instanceof ProviderError) {
      const refused = error.status !== undefined && error.status >= 400 && error.status < 500;
      const message = `The payment provider refused the refund: ${error.message}`;
      throw refused ? providerRefusedRefund(message) : new AppError(502, ERROR_CODES.providerUnavailable, message);
    }
    if ((error as Error).name === 'TimeoutError') {
      throw new AppError(
        502,
        ERROR_CODES.providerUnavailable,
        'The payment provider did not answer. Please try again.',
      );
    }
    throw error;
  }
}

/**
 * Returns a successful payment's money as a new `refund` row of the same amount; the original is
 * never changed, and outstanding rises because every sum of money paid subtracts refunds.
 * Online payments are refunded through the provider first, while the original row stays locked:
 * a second request waits, then finds the refund and is refused, so the provider is asked once.
 * Cash and transfers are recorded only (the money goes back at the desk).
 */
export async function refundPayment(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  reason: string,
  actor: Actor,
): Promise<{ refund: Payment; message: string }> {
  const scoped = inSchoolScope(auth.scope, payments.schoolId);
  const [original, earlier] = [await findPaymentById(ctx.db, id, scoped), await findRefundOf(ctx.db, id)];
  assertRefundable(original, Boolean(earlier));
  // Resolved before the transaction: it reads the school's profile, which must not wait on our lock.
  const provider = await providerOf(ctx, original);

  let refundId: string;
  try {
    refundId = await ctx.db.transaction(async (tx) => {
      const payment = await lockPayment(tx, scoped, id);
      const done = await findRefundOf(tx, id);
      assertRefundable(payment, Boolean(done));
      const providerRefund = provider ? await askProvider(provider, payment) : null;
      const now = ctx.clock();
      const refund = await insertPayment(tx, {
        schoolId: payment.schoolId,
        studentId: payment.studentId,
        feeId: payment.feeId,
        amountKobo: payment.amountKobo,
        status: 'success',
        method: payment.method,
        kind: 'refund',
        refundOf: payment.id,
        reason,
        reference: newReference(),
        currency: payment.currency,
        providerReference: providerRefund?.providerRefundId ?? null,
        initiatedBy: auth.userId,
        paidAt: now,
        reviewedBy: auth.userId,
        reviewedAt: now,
      });
      await recordAudit(tx, actor, {
        action: 'payment.refund',
        entity: 'payment',
        entityId: refund.id,
        schoolId: payment.schoolId,
        before: { paymentId: payment.id, status: payment.status, receiptNo: payment.receiptNo },
        after: {
          kind: 'refund',
          refundOf: payment.id,
          amountKobo: payment.amountKobo.toString(),
          method: payment.method,
          reason,
          reference: refund.reference,
          providerRefundId: providerRefund?.providerRefundId ?? null,
          providerStatus: providerRefund?.status ?? null,
        },
      });
      return refund.id;
    });
  } catch (error) {
    // Two refunds raced past the checks: the unique index on refund_of let one through.
    if (isUniqueViolation(error)) throw alreadyRefunded();
    throw error;
  }

  const message =
    original.method === 'paystack' || original.method === 'flutterwave'
      ? `Refund sent to ${PAYMENT_METHOD_LABELS[original.method]}. The money returns to the payer's account in a few days.`
      : 'Refund recorded. Hand the money back to the payer.';
  return { refund: await getVisiblePayment(ctx.db, auth, refundId), message };
}
