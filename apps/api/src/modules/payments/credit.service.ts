import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { type Actor, type AuditEntry, recordAudit } from '../audit/audit.queries.js';
import { readPaymentSucceeded } from '../notifications/notices.service.js';
import { insertPayment, type PaymentRow, type PaymentValues, updatePayment } from './payments.queries.js';
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

type CreditDetails = Partial<Pick<PaymentRow, 'verifiedAt' | 'providerId' | 'providerReference' | 'channel'>> & {
  paidAt: Date;
};

/*
 * Lock order and length. A credit holds three rows of its school until it commits: the receipt
 * counter, the day's payment summaries (written by the payments triggers) and the audit chain's
 * head, so the school's credits take turns from the counter to the commit. Every credit takes the
 * counter first, so none holds one of the others while waiting for it; and everything the credit
 * reads (who hears of it, in what wording) is read before the counter, so only writes remain
 * while it is held.
 */

/**
 * Moves a payment (locked or just inserted by the caller's transaction) to success: gives it the
 * school's next receipt number, writes the `payment.credit` audit row and tells the payer, the
 * student, their parents and the school's bursary (but the person who credited it), all in `tx`. Online settles and confirmed transfers go through
 * here; money taken at once goes through `insertCreditedPayment`.
 */
export async function creditPayment(
  tx: DbOrTx,
  ctx: AppContext,
  actor: Actor,
  payment: PaymentRow,
  details: CreditDetails,
  auditDetails: Record<string, unknown> = {},
): Promise<PaymentRow> {
  const notice = await readPaymentSucceeded(tx, ctx, payment, actor.userId);
  const credited = await updatePayment(tx, payment.id, {
    ...details,
    status: 'success',
    receiptNo: nextReceiptNo(payment.schoolId, details.paidAt),
  });
  await auditCredit(tx, actor, credited!, { status: payment.status }, auditDetails);
  await notice(credited!);
  return credited!;
}

/**
 * A payment taken at once (the cash desk, a family's credit): written already credited, with the
 * school's next receipt number, the audit row and the notices, as `creditPayment` does for a row
 * that exists. One statement fewer than inserting it pending and crediting it.
 */
export async function insertCreditedPayment(
  tx: DbOrTx,
  ctx: AppContext,
  actor: Actor,
  values: PaymentValues,
  details: CreditDetails,
  auditDetails: Record<string, unknown> = {},
): Promise<PaymentRow> {
  const notice = await readPaymentSucceeded(
    tx,
    ctx,
    { ...values, initiatedBy: values.initiatedBy ?? null },
    actor.userId,
  );
  const credited = await insertPayment(tx, {
    ...values,
    ...details,
    status: 'success',
    receiptNo: nextReceiptNo(values.schoolId, details.paidAt),
  });
  await auditCredit(tx, actor, credited, null, auditDetails);
  await notice(credited);
  return credited;
}

/**
 * The `payment.credit` entry of a credited payment; the demo's history writes its past credits
 * with it too, so they read as the ones the app writes.
 */
export const creditAuditEntry = (
  credited: Pick<PaymentRow, 'id' | 'schoolId' | 'amountKobo' | 'method' | 'receiptNo'>,
  before: { status: PaymentRow['status'] } | null,
  auditDetails: Record<string, unknown>,
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
    ...auditDetails,
  },
});

async function auditCredit(
  tx: DbOrTx,
  actor: Actor,
  credited: PaymentRow,
  before: { status: PaymentRow['status'] } | null,
  auditDetails: Record<string, unknown>,
) {
  await recordAudit(tx, actor, creditAuditEntry(credited, before, auditDetails));
}
