import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { preparePaymentSucceededNotices } from '../notifications/notices.service.js';
import { deliverNotices } from '../notifications/notifications.service.js';
import { creditAuditEntry } from './payment-rows.js';
import { type PaymentRow, updatePayment } from './payments.queries.js';
import { nextReceiptNo } from './receipt-numbers.queries.js';

/** What the credit writes on the row beside its status and receipt number. */
type PaymentDetails = Partial<Pick<PaymentRow, 'verifiedAt' | 'providerId' | 'providerReference' | 'channel'>> & {
  paidAt: Date;
};

interface RecordPayment {
  tx: DbOrTx;
  ctx: AppContext;
  /**
   * Who credits it: the bursar confirming a transfer, or the system for a settle.
   */
  actor: Actor;
  /** A row written earlier and locked by the caller (lock-order.ts): an online settle, a family checkout's line, a confirmed transfer. */
  payment: PaymentRow;
  details: PaymentDetails;
  /** What the `payment.credit` audit row says of where the money came from, beside the row's own facts. */
  audit?: Record<string, unknown>;
}

/**
 * Records a payment started earlier as received, in `tx`: the row moves to success with the
 * school's next receipt number, the `payment.credit` audit row is written, and the payer, the
 * student, their parents and the school's bursary (but the person who credited it) are told.
 * Money taken at once (cash, a family's credit) is recorded by `takeAtOnce` instead, in one
 * statement. Who hears of it, and in what words, is read before the receipt counter is taken
 * (lock-order.ts, step 3).
 */
export async function recordPayment(input: RecordPayment): Promise<PaymentRow> {
  const { tx, ctx, actor, details, audit = {}, payment } = input;
  const { audience, noticesOf } = await preparePaymentSucceededNotices(tx, ctx, [payment], actor.userId);
  const receiptNo = nextReceiptNo(payment.schoolId, details.paidAt);
  const credited = (await updatePayment(tx, payment.id, { ...details, status: 'success', receiptNo }))!;
  await recordAudit(tx, actor, creditAuditEntry(credited, { status: payment.status }, audit));
  await deliverNotices(tx, ctx, audience, noticesOf(credited));
  return credited;
}
