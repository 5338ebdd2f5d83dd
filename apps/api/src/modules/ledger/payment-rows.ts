import { randomBytes } from 'node:crypto';
import type { AuditEntry } from '../audit/audit.queries.js';
import type { PaymentRow } from './payments.queries.js';

/** A payment's own reference, given to the provider and printed on the receipt: unique, not guessable. */
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
 * The `payment.credit` entry of a recorded payment; the demo's history writes its past payments
 * with it too, so they read as the ones the app writes.
 */
export const creditAuditEntry = (
  credited: Pick<PaymentRow, 'id' | 'schoolId' | 'amountKobo' | 'method' | 'receiptNo'>,
  before: { status: PaymentRow['status'] } | null,
  details: Record<string, unknown>,
): AuditEntry => ({
  action: 'payment.credit',
  entity: 'payment',
  entityId: credited.id,
  schoolId: credited.schoolId,
  before,
  after: {
    status: 'success',
    amountKobo: credited.amountKobo.toString(),
    method: credited.method,
    receiptNo: credited.receiptNo,
    ...details,
  },
});
