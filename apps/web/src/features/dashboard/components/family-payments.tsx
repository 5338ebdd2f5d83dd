import { type FamilyPayment, formatKobo, PAYMENT_METHOD_LABELS } from '@schoolledger/domain';
import { Receipt } from 'lucide-react';
import { ContinueCheckout, PaymentStatusBadge, ReceiptButton } from '@/components/payments';
import { EmptyState } from '@/components/ui';
import { formatDateTime } from '@/lib/dates';

/**
 * Payments of a student or of a parent's children, newest first, each with its receipt once
 * credited; a checkout the reader started and has not paid reads as such, with a way back to it.
 */
export function FamilyPaymentList({
  payments,
  showChild = false,
  emptyText,
}: {
  payments: readonly FamilyPayment[];
  showChild?: boolean;
  emptyText: string;
}) {
  if (payments.length === 0) return <EmptyState icon={Receipt} title={emptyText} className="py-8" />;
  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800">
      {payments.map((payment) => {
        const refund = payment.kind === 'refund';
        const receipt = !refund && payment.status === 'success' ? payment.receiptNo : null;
        return (
          <li key={payment._id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3">
            <div className="min-w-0 flex-1 basis-48">
              <p className="text-sm font-medium break-words text-slate-900 dark:text-white">
                {payment.fee.name}
                {showChild && (
                  <span className="font-normal text-slate-500 dark:text-slate-400"> · {payment.childName}</span>
                )}
              </p>
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {PAYMENT_METHOD_LABELS[payment.mode]} ·{' '}
                <time dateTime={payment.date}>{formatDateTime(payment.date)}</time>
              </p>
              {payment.awaiting && <ContinueCheckout continueUrl={payment.continueUrl} />}
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <span className="text-sm font-semibold text-slate-900 tabular-nums dark:text-white">
                {formatKobo(payment.amount)}
              </span>
              <PaymentStatusBadge status={payment.status} refund={refund} awaiting={payment.awaiting} />
              {receipt && <ReceiptButton paymentId={payment._id} receiptNo={receipt} />}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
