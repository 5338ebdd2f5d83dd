import type { Payment } from '@schoolledger/domain';
import { isAwaitingPayment } from '../../../db/payment-attempts.js';
import type { PaymentListRow } from './lists.queries.js';

/** A payment row as SPEC §3 names it; `feePaidKobo` is the student's net paid on the fee. */
export function toPayment(row: PaymentListRow, feePaidKobo: bigint): Payment {
  const { payment } = row;
  const awaiting = isAwaitingPayment(payment);
  return {
    _id: payment.id,
    kind: payment.kind,
    user: {
      _id: row.student.id,
      firstname: row.student.firstname,
      lastname: row.student.lastname,
      regNo: row.student.regNo,
    },
    school: { _id: row.school.id, name: row.school.name },
    fee: {
      _id: row.fee.id,
      name: row.fee.name,
      type: row.fee.type,
      amount: row.fee.amountKobo,
      term: row.term ? { _id: row.term.id, name: row.term.name } : null,
    },
    amount: payment.amountKobo,
    status: payment.status,
    mode_of_payment: payment.method,
    trans_date: (payment.paidAt ?? payment.createdAt).toISOString(),
    trx_ref: payment.reference,
    trans_id: payment.providerId,
    channel: payment.channel,
    isInstallment: payment.isInstallment,
    paid_at: payment.paidAt?.toISOString() ?? null,
    receiptNo: payment.receiptNo,
    refundOf: payment.refundOf,
    refundedBy: row.refundId,
    voidedAt: row.voidedAt ? new Date(row.voidedAt).toISOString() : null,
    reason: payment.reason,
    notes: payment.notes,
    bank_reference: payment.payerBankReference,
    transfer_date: payment.transferDate,
    hasProof: payment.proofPath !== null,
    dispute: row.disputeStatus
      ? {
          status: row.disputeStatus,
          resolution: row.disputeResolution,
          openedAt: row.disputeOpenedAt!.toISOString(),
          // A dispute row changes only when the provider rules on it.
          resolvedAt: row.disputeStatus === 'open' ? null : row.disputeChangedAt!.toISOString(),
        }
      : null,
    feePaid: feePaidKobo,
    awaiting,
    continueUrl: awaiting ? row.checkoutUrl : null,
    createdAt: payment.createdAt.toISOString(),
    updatedAt: payment.updatedAt.toISOString(),
  };
}
