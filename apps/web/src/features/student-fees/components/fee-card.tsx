import {
  adjustedAmount,
  capitalize,
  dueLabel,
  type FeeDueStatus,
  feeDueStatus,
  formatKobo,
  percentPaid,
  type StudentFee,
} from '@schoolledger/domain';
import { clsx } from 'clsx';
import { CalendarClock, CheckCircle2, CreditCard } from 'lucide-react';
import { useId } from 'react';
import { Badge, Button } from '@/components/ui';
import { DUE_STATUS_VARIANT } from '../lib/format';

const DUE_TEXT: Record<FeeDueStatus, string> = {
  OVERDUE: 'text-red-700 dark:text-red-400',
  'DUE SOON': 'text-amber-700 dark:text-amber-400',
  PENDING: 'text-slate-600 dark:text-slate-400',
};

export interface FeeCardProps {
  item: StudentFee;
  today: string;
  onPay(item: StudentFee): void;
}

/** '−₦100.05' for a discount, '+₦500.00' for a late fee. */
const signed = (kobo: bigint) => `${kobo < 0n ? '−' : '+'}${formatKobo(kobo < 0n ? -kobo : kobo)}`;

export function FeeCard({ item, today, onPay }: FeeCardProps) {
  const { fee } = item;
  // Only what counts or may soon count: a rejected or reversed adjustment changes nothing.
  const lines = item.adjustments.filter((line) => line.status === 'approved' || line.status === 'pending');
  const progressId = useId();
  const status = feeDueStatus(item.dueDate, today);
  // Paid against what the fee asks of this student once its adjustments count.
  const paidPercent = percentPaid(
    item.amountPaid,
    adjustedAmount({ amount: item.amountDue, reductions: item.reductions, lateFees: item.lateFees }),
  );
  const installments = fee.isInstallmentAllowed && fee.no_ofInstallments > 1;

  return (
    <article
      aria-label={fee.name}
      className="flex w-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-slate-900 dark:text-white">{fee.name}</h3>
          <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">
            {capitalize(fee.type)} · {fee.term.name} ({fee.term.session.name})
          </p>
        </div>
        {item.isPaid ? (
          <Badge variant="green" className="shrink-0">
            Paid
          </Badge>
        ) : (
          <Badge variant={DUE_STATUS_VARIANT[status]} className="shrink-0">
            {status}
          </Badge>
        )}
      </div>

      <p className="mt-4 text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">
        {formatKobo(item.amountDue)}
      </p>
      {installments && (
        <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">
          or {fee.no_ofInstallments} installments of {formatKobo(item.installmentAmount)}
        </p>
      )}

      {fee.description && (
        <p className="mt-3 line-clamp-2 text-sm text-slate-600 dark:text-slate-300">{fee.description}</p>
      )}

      <dl className="mt-4 space-y-1.5 text-sm">
        {lines.length > 0 && (
          <>
            <div className="flex justify-between gap-3">
              <dt className="text-slate-500 dark:text-slate-400">Fee</dt>
              <dd className="font-medium text-slate-900 tabular-nums dark:text-white">{formatKobo(item.amountDue)}</dd>
            </div>
            {lines.map((line) => (
              <div key={line._id} className="flex justify-between gap-3">
                <dt className="min-w-0 break-words text-slate-500 dark:text-slate-400">
                  {line.label}
                  {line.status === 'pending' && (
                    <span className="ml-1.5 text-xs text-amber-700 dark:text-amber-400">(awaiting approval)</span>
                  )}
                </dt>
                <dd
                  className={clsx(
                    'shrink-0 font-medium tabular-nums',
                    line.status === 'pending'
                      ? 'text-slate-500 dark:text-slate-400'
                      : line.amount < 0n
                        ? 'text-emerald-700 dark:text-emerald-400'
                        : 'text-red-700 dark:text-red-400',
                  )}
                >
                  {signed(line.amount)}
                </dd>
              </div>
            ))}
          </>
        )}
        {item.amountPaid > 0n && (
          <div className="flex justify-between gap-3">
            <dt className="text-slate-500 dark:text-slate-400">Paid</dt>
            <dd className="font-medium text-emerald-700 tabular-nums dark:text-emerald-400">
              {lines.length > 0 ? signed(-item.amountPaid) : formatKobo(item.amountPaid)}
            </dd>
          </div>
        )}
        <div
          className={clsx(
            'flex justify-between gap-3',
            lines.length > 0 && 'border-t border-slate-200 pt-1.5 dark:border-slate-800',
          )}
        >
          <dt className="text-slate-500 dark:text-slate-400">Outstanding</dt>
          <dd className="font-medium text-slate-900 tabular-nums dark:text-white">{formatKobo(item.outstanding)}</dd>
        </div>
      </dl>

      {item.amountPaid > 0n && (
        <div className="mt-2">
          <span id={progressId} className="sr-only">
            Amount paid
          </span>
          <div
            role="progressbar"
            aria-labelledby={progressId}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={paidPercent}
            aria-valuetext={`${paidPercent}% paid`}
            className="h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
          >
            <div className="h-full rounded-full bg-emerald-500" style={{ width: `${paidPercent}%` }} />
          </div>
        </div>
      )}

      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-5">
        {item.isPaid ? (
          <p className="flex items-center gap-1.5 text-sm font-medium text-emerald-700 dark:text-emerald-400">
            <CheckCircle2 className="size-4" aria-hidden="true" />
            Paid in full
          </p>
        ) : (
          <p className={clsx('flex items-center gap-1.5 text-sm font-medium', DUE_TEXT[status])}>
            <CalendarClock className="size-4" aria-hidden="true" />
            {dueLabel(item.dueDate, today)}
          </p>
        )}
        {item.outstanding > 0n && (
          <Button size="sm" onClick={() => onPay(item)}>
            <CreditCard className="size-4" aria-hidden="true" />
            Pay Now
          </Button>
        )}
      </div>
    </article>
  );
}
