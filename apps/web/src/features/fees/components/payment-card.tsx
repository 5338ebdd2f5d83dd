import { formatNaira, PAYMENT_METHOD_LABELS, type Payment } from '@schoolledger/domain';
import { clsx } from 'clsx';
import { RotateCcw } from 'lucide-react';
import { PaymentStatusBadge, ReceiptButton } from '@/components/payments';
import { Badge, Button } from '@/components/ui';
import { formatDate, formatDateTime } from '@/lib/dates';

export const payerName = (payment: Pick<Payment, 'user'>) => `${payment.user.firstname} ${payment.user.lastname}`;

export interface PaymentCardProps {
  payment: Payment;
  showSchool: boolean;
  /** Offered for a successful payment not refunded yet, to those who may refund. */
  onRefund?: (() => void) | undefined;
}

/**
 * One payment or refund of the school as the bursary reads it: the student first (the payer's own
 * history card in components/payments leads with the fee), and whether it was refunded.
 */
export function PaymentCard({ payment, showSchool, onRefund }: PaymentCardProps) {
  const refund = payment.kind === 'refund';
  const refundable = !refund && payment.status === 'success' && payment.refundedBy === null;
  const receipt = !refund && payment.status === 'success' ? payment.receiptNo : null;

  const details: { label: string; value: string; code?: boolean }[] = [
    { label: 'Fee', value: payment.fee.name },
    { label: 'Method', value: PAYMENT_METHOD_LABELS[payment.mode_of_payment] },
    { label: 'Date', value: formatDateTime(payment.trans_date) },
    { label: 'Reference', value: payment.trx_ref, code: true },
  ];
  if (payment.receiptNo) details.push({ label: 'Receipt no.', value: payment.receiptNo, code: true });
  if (payment.bank_reference) details.push({ label: 'Bank reference', value: payment.bank_reference, code: true });
  if (payment.transfer_date) details.push({ label: 'Transferred on', value: formatDate(payment.transfer_date) });
  if (showSchool) details.push({ label: 'School', value: payment.school.name });
  if (payment.reason) details.push({ label: refund ? 'Refund reason' : 'Reason', value: payment.reason });

  return (
    <article
      aria-label={`${refund ? 'Refund' : 'Payment'} ${payment.trx_ref}`}
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-slate-900 dark:text-white">
            {payment.user.firstname} {payment.user.lastname}
          </h3>
          <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">
            {payment.user.regNo ?? 'No registration number'}
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1.5">
          <PaymentStatusBadge status={payment.status} refund={refund} />
          {payment.refundedBy !== null && <Badge variant="gray">Refunded</Badge>}
          {payment.isInstallment && <Badge variant="blue">Installment</Badge>}
        </div>
      </div>
      <p
        className={clsx(
          'mt-3 text-2xl font-semibold tracking-tight',
          refund ? 'text-red-700 dark:text-red-400' : 'text-slate-900 dark:text-white',
        )}
      >
        {refund && '−'}
        {formatNaira(payment.amount)}
      </p>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        {details.map(({ label, value, code }) => (
          <div key={label} className="contents">
            <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
            <dd
              className={clsx(
                'text-right break-words text-slate-900 dark:text-slate-100',
                code && 'font-mono text-xs leading-5 break-all',
              )}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {(receipt || (refundable && onRefund)) && (
        <div className="mt-auto flex flex-wrap items-center justify-end gap-2 pt-4">
          {receipt && <ReceiptButton paymentId={payment._id} receiptNo={receipt} />}
          {refundable && onRefund && (
            <Button
              variant="ghost"
              size="sm"
              onClick={onRefund}
              aria-label={`Refund payment ${payment.trx_ref}`}
              className="text-red-600 hover:bg-red-50 hover:text-red-700 dark:text-red-400 dark:hover:bg-red-950/40"
            >
              <RotateCcw className="size-4" aria-hidden="true" />
              Refund
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
