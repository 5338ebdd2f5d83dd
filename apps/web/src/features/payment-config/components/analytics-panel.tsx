import { formatKobo, PAYMENT_METHOD_LABELS, type PaymentAnalytics } from '@schoolledger/domain';
import { BarChart3, Lightbulb } from 'lucide-react';
import { DateRangeFields, useDateRange } from '@/components/filters';
import { QueryState } from '@/components/query-state';
import { Card, CardBody, CardHeader, EmptyState, Spinner } from '@/components/ui';
import { formatMonth } from '@/lib/dates';
import { usePaymentAnalytics } from '../api/get-payment-analytics';
import { PAYMENT_CONFIG_MESSAGES } from '../lib/messages';

const TREND = {
  up: { symbol: '↑', text: 'Up on the previous period', className: 'text-emerald-600' },
  down: { symbol: '↓', text: 'Down on the previous period', className: 'text-red-600' },
  stable: { symbol: '→', text: 'Stable on the previous period', className: 'text-slate-500' },
} as const;

/** Real figures for the chosen range (SPEC: last 30 days by default), never sample data. */
export function AnalyticsPanel({ schoolId, active }: { schoolId: string; active: boolean }) {
  const { range, setRange, today, invalid } = useDateRange();
  const analytics = usePaymentAnalytics({ school_id: schoolId, ...range }, active && !invalid);

  return (
    <div className="space-y-6" aria-busy={analytics.isFetching}>
      <Card>
        <CardBody className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <DateRangeFields range={range} today={today} onChange={setRange} />
          <div className="flex h-10 items-center">
            {analytics.isFetching && !analytics.isPending && <Spinner className="text-emerald-600" />}
          </div>
        </CardBody>
      </Card>
      {/* An impossible range is said beside the dates; nothing is asked for it. */}
      {!invalid && (
        <QueryState
          query={analytics}
          loading="Loading payment analytics..."
          errorTitle={PAYMENT_CONFIG_MESSAGES.analyticsFailed}
        >
          {(data) => <Figures data={data} />}
        </QueryState>
      )}
    </div>
  );
}

function Figures({ data }: { data: PaymentAnalytics }) {
  const maxMonth = data.monthly.reduce((max, month) => (month.amount > max ? month.amount : max), 0n);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Tile label="Total payments" value={String(data.totalPayments)} />
        <Tile label="Total amount" value={formatKobo(data.totalAmount)} />
      </div>
      {data.totalPayments === 0 ? (
        <Card>
          <EmptyState
            icon={BarChart3}
            title="No payments in this period"
            description="Successful payments of this school appear here by method and by month."
          />
        </Card>
      ) : (
        <div className="grid gap-6 xl:grid-cols-2">
          <Card>
            <CardHeader title="By payment method" description="Against the same number of days just before" />
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {data.methods.map((row) => {
                const trend = TREND[row.trend];
                return (
                  <li key={row.method} className="space-y-2 px-5 py-3">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                      <span className="font-medium text-slate-900 dark:text-white">
                        {PAYMENT_METHOD_LABELS[row.method]}
                      </span>
                      <span className="text-sm text-slate-600 dark:text-slate-300">
                        {row.count} · {formatKobo(row.amount)}
                      </span>
                    </div>
                    <div className="flex items-center gap-3">
                      <div className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800">
                        <div
                          className="h-full rounded-full bg-emerald-500"
                          style={{ width: `${Math.min(100, Math.max(0, row.percentage))}%` }}
                        />
                      </div>
                      <span className="w-12 text-right text-sm tabular-nums text-slate-700 dark:text-slate-200">
                        {row.percentage}%
                      </span>
                      <span className={`flex items-center ${trend.className}`} title={trend.text}>
                        <span aria-hidden="true">{trend.symbol}</span>
                        <span className="sr-only">{trend.text}</span>
                      </span>
                    </div>
                  </li>
                );
              })}
            </ul>
          </Card>
          <Card>
            <CardHeader title="Monthly trend" description="Amount received each month" />
            {data.monthly.length === 0 ? (
              <p className="px-5 py-6 text-sm text-slate-500">No months in this range.</p>
            ) : (
              <ul className="space-y-3 px-5 py-4">
                {data.monthly.map((month) => (
                  <li key={month.month} className="grid grid-cols-[5.5rem_1fr] items-center gap-3 text-sm">
                    <span className="text-slate-600 dark:text-slate-300">{formatMonth(month.month)}</span>
                    <div className="min-w-0 space-y-1">
                      <div className="h-3 overflow-hidden rounded bg-slate-100 dark:bg-slate-800">
                        <div
                          className="h-full rounded bg-sky-500"
                          style={{
                            width: maxMonth > 0n ? `${(Number(month.amount) / Number(maxMonth)) * 100}%` : '0%',
                          }}
                        />
                      </div>
                      <p className="text-xs text-slate-500 dark:text-slate-400">
                        {formatKobo(month.amount)} · {month.count} {month.count === 1 ? 'payment' : 'payments'}
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      )}
      <Card>
        <CardHeader title="Recommendations" />
        <CardBody>
          {data.recommendations.length === 0 ? (
            <p className="text-sm text-slate-500 dark:text-slate-400">Nothing to suggest for this period.</p>
          ) : (
            <ul className="space-y-2">
              {data.recommendations.map((text) => (
                <li key={text} className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-200">
                  <Lightbulb className="mt-0.5 size-4 shrink-0 text-amber-500" aria-hidden="true" />
                  {text}
                </li>
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
    </>
  );
}

function Tile({ label, value }: { label: string; value: string }) {
  return (
    <Card className="p-5">
      <p className="text-sm text-slate-500 dark:text-slate-400">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900 dark:text-white">{value}</p>
    </Card>
  );
}
