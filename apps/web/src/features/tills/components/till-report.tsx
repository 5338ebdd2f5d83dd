import {
  formatKobo,
  PAYMENT_METHOD_LABELS,
  type TillReport as Report,
  TILL_STATUS_LABELS,
  type TillStatus,
} from '@schoolledger/domain';
import { Badge, type BadgeVariant } from '@/components/ui';
import { formatDateTime } from '@/lib/dates';
import { varianceText } from './close-till-dialog';
import { TillVoidsSummary } from './till-voids';

export const STATUS_BADGES: Record<TillStatus, BadgeVariant> = {
  open: 'blue',
  closing: 'yellow',
  closed: 'gray',
  banked: 'green',
};

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-4 py-1.5 text-sm">
      <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
      <dd
        className={
          strong
            ? 'font-semibold tabular-nums text-slate-900 dark:text-white'
            : 'tabular-nums text-slate-900 dark:text-white'
        }
      >
        {value}
      </dd>
    </div>
  );
}

/**
 * A till's report: the X report while it is open (the session so far), the Z report once it is
 * closed (counted, the difference and why, who confirmed it, the banking).
 */
export function TillReport({ till }: { till: Report }) {
  const { session, report } = till;
  return (
    <div className="space-y-4">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
        <Badge variant={STATUS_BADGES[session.status]}>{TILL_STATUS_LABELS[session.status]}</Badge>
        Opened by {session.opened_by.name}, {formatDateTime(session.opened_at)}
      </p>
      <dl className="divide-y divide-slate-100 dark:divide-slate-800">
        <Line label="Opening float" value={formatKobo(report.float)} />
        <Line
          label={`Cash taken (${report.payments} ${report.payments === 1 ? 'payment' : 'payments'})`}
          value={formatKobo(report.cash_taken)}
        />
        <Line label="Paid back out of the drawer" value={formatKobo(report.refunded)} />
        {report.voids.length > 0 && <Line label="Voided" value={formatKobo(report.voided)} />}
        <Line label="Expected in the drawer" value={formatKobo(report.expected)} strong />
        {session.counted !== null && <Line label="Counted" value={formatKobo(session.counted)} strong />}
        {session.variance !== null && <Line label="Difference" value={varianceText(session.variance)} strong />}
      </dl>
      {session.variance_reason && (
        <p className="text-sm text-slate-700 dark:text-slate-200">
          <span className="font-medium">Reason given:</span> {session.variance_reason}
        </p>
      )}
      {report.by_recorder.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Taken by</h3>
          <ul className="mt-1 text-sm text-slate-700 dark:text-slate-200">
            {report.by_recorder.map((line) => (
              <li key={line.user._id} className="flex justify-between gap-4 py-1">
                <span>
                  {line.user.name} ({line.payments})
                </span>
                <span className="tabular-nums">{formatKobo(line.amount)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {report.by_method.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900 dark:text-white">By method</h3>
          <ul className="mt-1 text-sm text-slate-700 dark:text-slate-200">
            {report.by_method.map((line) => (
              <li key={line.method} className="flex justify-between gap-4 py-1">
                <span>
                  {PAYMENT_METHOD_LABELS[line.method]} ({line.payments})
                </span>
                <span className="tabular-nums">{formatKobo(line.amount)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <TillVoidsSummary till={till} />
      {session.closed_by && session.closed_at && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Counted and closed by {session.closed_by.name}, {formatDateTime(session.closed_at)}.
          {session.confirmed_by && session.confirmed_at
            ? ` Confirmed by ${session.confirmed_by.name}, ${formatDateTime(session.confirmed_at)}.`
            : ' Waiting for a second person to confirm the count.'}
        </p>
      )}
      {session.banking && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {formatKobo(session.banking.amount)} banked at {session.banking.bank_name}, slip{' '}
          <span className="font-mono">{session.banking.deposit_slip_no}</span>, by {session.banking.banked_by.name},{' '}
          {formatDateTime(session.banking.banked_at)}.
          {report.remaining !== null &&
            ` ${formatKobo(report.remaining)} was not banked and went back to the cash on hand.`}
        </p>
      )}
    </div>
  );
}
