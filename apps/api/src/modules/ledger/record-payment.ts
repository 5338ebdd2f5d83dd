import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { preparePaymentSucceededNotice } from '../notifications/notices.service.js';
import { creditAuditEntry } from './payment-rows.js';
import { insertPayment, type PaymentRow, type PaymentValues, updatePayment } from './payments.queries.js';
import { nextReceiptNo } from './receipt-numbers.queries.js';

/** What the credit writes on the row beside its status and receipt number. */
type PaymentDetails = Partial<Pick<PaymentRow, 'verifiedAt' | 'providerId' | 'providerReference' | 'channel'>> & {
  paidAt: Date;
};

interface Recording {
  tx: DbOrTx;
  ctx: AppContext;
  /**
   * Who credits it: the bursar at the desk or confirming a transfer; the system for a settle, or
   * for a family's credit applied by itself.
   */
  actor: Actor;
  details: PaymentDetails;
  /** What the `payment.credit` audit row says of where the money came from, beside the row's own facts. */
  audit?: Record<string, unknown>;
}

type RecordPayment = Recording &
  (
    | {
        /**
         * A row written earlier and locked by the caller (lock-order.ts): an online settle, a family
         * checkout's line, a confirmed transfer.
         */
        payment: PaymentRow;
        values?: never;
      }
    | {
        /**
         * A new row, written already credited: money taken at once (take-at-once.ts). One statement
         * fewer than inserting it pending and crediting it.
         */
        values: PaymentValues;
        payment?: never;
      }
  );

/**
 * Records a payment as received, in `tx`: the row moves to (or is written as) success with the
 * school's next receipt number, the `payment.credit` audit row is written, and the payer, the
 * student, their parents and the school's bursary (but the person who credited it) are told.
 * Every channel that brings money in records it here. Who hears of it, and in what words, is read
 * before the receipt counter is taken (lock-order.ts, step 3).
 */
export async function recordPayment(input: RecordPayment): Promise<PaymentRow> {
  const { tx, ctx, actor, details, audit = {}, payment } = input;
  const about = payment ?? { ...input.values, initiatedBy: input.values.initiatedBy ?? null };
  const notice = await preparePaymentSucceededNotice(tx, ctx, about, actor.userId);
  const receiptNo = nextReceiptNo(about.schoolId, details.paidAt);
  const credited = payment
    ? (await updatePayment(tx, payment.id, { ...details, status: 'success', receiptNo }))!
    : await insertPayment(tx, { ...input.values, ...details, status: 'success', receiptNo });
  await recordAudit(tx, actor, creditAuditEntry(credited, payment ? { status: payment.status } : null, audit));
  await notice(credited);
  return credited;
}
