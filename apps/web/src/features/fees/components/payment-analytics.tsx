import { formatKobo, type Kobo, PAYMENT_METHOD_LABELS, type PaymentStats } from '@schoolledger/domain';
import { BarChart3 } from 'lucide-react';
import { QueryState } from '@/components/query-state';
import { CardBody, EmptyState } from '@/components/ui';
import { type PaymentStatsQuery, usePaymentStats } from '../api/get-payment-stats';
import { PAYMENT_MESSAGES } from '../lib/payment-messages';

const STATUS_ROWS = [
  ['successfulPayments', 'Completed', 'bg-emerald-500'],
  ['pendingPayments', 'Pending', 'bg-amber-400'],
  ['failedPayments', 'Failed', 'bg-red-500'],
  ['reviewPayments', 'Under review', 'bg-sky-500'],
] as const satisfies readonly (readonly [keyof PaymentStats, string, string])[];

/** SPEC §2 Overview payment analytics: counts by status and method and the success rate. */
export function PaymentAnalytics({ query }: { query: PaymentStatsQuery }) {
  const stats = usePaymentStats(query);
  return (
    <QueryState
      query={stats}
      loading="Loading payment analytics..."
      errorTitle={PAYMENT_MESSAGES.statsFailed}
      errorFrame="px-5 py-5"
      isEmpty={(data) => data.totalPayments === 0}
      empty={
        <EmptyState
          icon={BarChart3}
          title="No payments recorded yet"
          description="Counts by status and method and the success rate appear once payments are taken."
        />
      }
    >
      {(data) => <Figures data={data} />}
    </QueryState>
  );
}

function Figures({ data }: { data: PaymentStats }) {
  const rate = Math.round((data.successfulPayments / data.totalPayments) * 100);
  return (
    <CardBody className="space-y-5">
      <div>
        <div className="flex items-baseline justify-between gap-3 text-sm">
          <span className="font-medium text-slate-700 dark:text-slate-200" id="payment-success-rate">
            Success rate
          </span>
          <span className="text-slate-600 dark:text-slate-300">
            <span className="text-lg font-semibold text-slate-900 dark:text-white">{rate}%</span> ·{' '}
            {data.successfulPayments} of {data.totalPayments}
          </span>
        </div>
        <div
          role="progressbar"
          aria-labelledby="payment-success-rate"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={rate}
          className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
        >
          <div className="h-full rounded-full bg-emerald-500" style={{ width: `${rate}%` }} />
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-2">
        {STATUS_ROWS.map(([key, label, dot]) => (
          <div key={key} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
            <dt className="flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
              <span className={`size-2 shrink-0 rounded-full ${dot}`} aria-hidden="true" />
              {label}
            </dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900 dark:text-white">{data[key]}</dd>
          </div>
        ))}
      </dl>
      <dl className="grid gap-2 text-sm sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
        <Amount label="Collected" value={data.successfulAmount} />
        <Amount label="Pending" value={data.pendingAmount} />
        <Amount label="Refunded" value={data.refundedAmount} />
      </dl>
      <div>
        <h3 className="text-sm font-medium text-slate-700 dark:text-slate-200">By method</h3>
        <ul className="mt-2 divide-y divide-slate-100 text-sm dark:divide-slate-800">
          {data.paymentsByMethod.map((row) => (
            <li key={row.method} className="flex items-center justify-between gap-3 py-2">
              <span className="text-slate-700 dark:text-slate-200">{PAYMENT_METHOD_LABELS[row.method]}</span>
              <span className="text-right text-slate-600 dark:text-slate-300">
                {row.count} ·{' '}
                <span className="font-medium text-slate-900 dark:text-white">{formatKobo(row.amount)}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </CardBody>
  );
}

function Amount({ label, value }: { label: string; value: Kobo }) {
  return (
    <div className="flex justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2 sm:flex-col dark:bg-slate-800/50">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="font-semibold text-slate-900 dark:text-white">{formatKobo(value)}</dd>
    </div>
  );
}
