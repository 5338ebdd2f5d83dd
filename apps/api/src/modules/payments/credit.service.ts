import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { notifyPaymentSucceeded } from '../notifications/notices.service.js';
import { type PaymentRow, updatePayment } from './payments.queries.js';
import { nextReceiptNo } from './receipts/receipt-numbers.queries.js';

/** The system acts for the provider's webhook, the callback and the job. */
export const SYSTEM: Actor = { userId: null, ip: null, userAgent: 'payments' };

export const newReference = () => `SL-${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`.toUpperCase();

/** The row that gives a payment's whole amount back: same student, fee, method and currency, a new reference. */
export const refundOfPayment = (payment: PaymentRow) => ({
  schoolId: payment.schoolId,
  studentId: payment.studentId,
  feeId: payment.feeId,
  amountKobo: payment.amountKobo,
  method: payment.method,
  kind: 'refund' as const,
  refundOf: payment.id,
  reference: newReference(),
  currency: payment.currency,
});

/**
 * Moves a payment (locked or just inserted by the caller's transaction) to success: gives it the
 * school's next receipt number, writes the `payment.credit` audit row and tells the payer, the
 * student and their parents, all in `tx`. Every method's credit (online settle, cash desk,
 * confirmed transfer) goes through here.
 */
export async function creditPayment(
  tx: DbOrTx,
  ctx: AppContext,
  actor: Actor,
  payment: PaymentRow,
  details: Partial<Pick<PaymentRow, 'verifiedAt' | 'providerId' | 'providerReference' | 'channel'>> & { paidAt: Date },
  auditDetails: Record<string, unknown> = {},
): Promise<PaymentRow> {
  const receiptNo = await nextReceiptNo(tx, payment.schoolId, details.paidAt);
  const credited = await updatePayment(tx, payment.id, { ...details, status: 'success', receiptNo });
  await recordAudit(tx, actor, {
    action: 'payment.credit',
    entity: 'payment',
    entityId: payment.id,
    schoolId: payment.schoolId,
    before: { status: payment.status },
    after: {
      status: 'success',
      amountKobo: payment.amountKobo.toString(),
      method: payment.method,
      receiptNo,
      ...auditDetails,
    },
  });
  await notifyPaymentSucceeded(tx, ctx, payment.id);
  return credited!;
}
