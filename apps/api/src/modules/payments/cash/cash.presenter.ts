import type { RecordedPayment } from '@schoolledger/domain';
import type { PaymentRow } from '../../ledger/payments.queries.js';

export const recordedPayment = (payment: PaymentRow): RecordedPayment => ({
  _id: payment.id,
  amount: payment.amountKobo,
  trx_ref: payment.reference,
  receiptNo: payment.receiptNo,
  status: payment.status,
  paid_at: payment.paidAt?.toISOString() ?? null,
  notes: payment.notes,
});
