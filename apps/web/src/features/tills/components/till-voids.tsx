import { formatKobo, PAYMENT_VOID_STATUS_LABELS, type PaymentVoidStatus, type TillReport } from '@schoolledger/domain';
import { useState } from 'react';
import { Badge, type BadgeVariant, Button } from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { formatDateTime } from '@/lib/dates';
import { VoidPaymentDialog } from './void-payment-dialog';

export const VOID_BADGES: Record<PaymentVoidStatus, BadgeVariant> = {
  pending: 'yellow',
  approved: 'red',
  rejected: 'gray',
};

type CashPayment = TillReport['report']['cash_payments'][number];

/** The voids of a till's report, apart from its refunds (their total is among the report's lines): who asked, who decided. */
export function TillVoidsSummary({ till }: { till: TillReport }) {
  const { voids } = till.report;
  if (voids.length === 0) return null;
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Voids</h3>
      <ul aria-label="Voids" className="mt-1 divide-y divide-slate-100 text-sm dark:divide-slate-800">
        {voids.map((row) => (
          <li key={row._id} className="space-y-1 py-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-mono text-slate-900 dark:text-white">{row.receipt_no ?? 'No receipt'}</span>
              <span className="tabular-nums text-slate-900 dark:text-white">{formatKobo(row.amount)}</span>
            </div>
            <p className="text-slate-700 dark:text-slate-200">
              {row.student.name}: {row.reason}
            </p>
            <p className="flex flex-wrap items-center gap-2 text-slate-600 dark:text-slate-300">
              <Badge variant={VOID_BADGES[row.status]}>{PAYMENT_VOID_STATUS_LABELS[row.status]}</Badge>
              <span>
                Asked by {row.requested_by.name}
                {row.decided_by && `, ${row.status === 'approved' ? 'approved' : 'rejected'} by ${row.decided_by.name}`}
              </span>
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The cash a till took, one payment a line: on the bursar's own open till, each can be voided
 * (with a reason, for a second person to approve); the others show where their void stands.
 */
export function TillPayments({ till }: { till: TillReport }) {
  const userId = useAuthStore((state) => state.user?._id);
  const [voiding, setVoiding] = useState<CashPayment | null>(null);
  const { session, report } = till;
  const mayVoid = session.status === 'open' && session.opened_by._id === userId;
  if (report.cash_payments.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-300">No cash taken into this till yet.</p>;
  }
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Cash payments</h3>
      <ul aria-label="Cash payments" className="mt-1 divide-y divide-slate-100 text-sm dark:divide-slate-800">
        {report.cash_payments.map((payment) => (
          <li
            key={payment.payment_id}
            className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-mono text-slate-900 dark:text-white">{payment.receipt_no ?? 'No receipt'}</span>
                <span className="tabular-nums font-medium text-slate-900 dark:text-white">
                  {formatKobo(payment.amount)}
                </span>
              </p>
              <p className="break-words text-slate-600 dark:text-slate-300">
                {payment.student.name} · {formatDateTime(payment.at)}
              </p>
            </div>
            <div className="flex shrink-0 flex-wrap items-center gap-2">
              {payment.void_status && (
                <Badge variant={VOID_BADGES[payment.void_status]}>
                  {PAYMENT_VOID_STATUS_LABELS[payment.void_status]}
                </Badge>
              )}
              {payment.refunded && <Badge variant="gray">Refunded</Badge>}
              {mayVoid && !payment.void_status && !payment.refunded && (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setVoiding(payment)}
                  aria-label={`Void receipt ${payment.receipt_no ?? ''} of ${payment.student.name}`}
                >
                  Void…
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {voiding && <VoidPaymentDialog tillId={session._id} payment={voiding} onClose={() => setVoiding(null)} />}
    </div>
  );
}
