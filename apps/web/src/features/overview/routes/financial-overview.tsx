import {
  can,
  FINANCIAL_PERIOD_LABELS,
  FINANCIAL_PERIODS,
  type FinancialPeriod,
  financialPeriodLabel,
  formatKobo,
  formatNaira,
  koboToNaira,
  PAYMENT_METHOD_LABELS,
} from '@schoolledger/domain';
import { Banknote, Calculator, Hourglass, ReceiptText, RefreshCw } from 'lucide-react';
import { compactNaira, ShareChart, TrendChart } from '@/components/charts';
import { DashboardSkeleton, formatRate, StatCard, StatGrid } from '@/components/dashboard';
import { QueryState } from '@/components/query-state';
import { Badge, type BadgeVariant, Button, Card, CardHeader, PageHeader, Select } from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { useUrlFilters } from '@/lib/hooks/use-url-filters';
import { useFinancialOverview } from '../api/get-financial-overview';

const DEFAULTS = { period: 'month' as string };
const OPTIONS = { parse: { period: (raw: string) => FINANCIAL_PERIODS.find((period) => period === raw) } };

const dayFormat = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat('en-NG', { month: 'short', year: 'numeric', timeZone: 'UTC' });
/** "24 Nov" for a day, "Nov 2026" for a month: the trend's keys are Lagos calendar dates. */
const pointLabel = (key: string) =>
  key.length === 10
    ? dayFormat.format(new Date(`${key}T00:00:00Z`))
    : monthFormat.format(new Date(`${key}-01T00:00:00Z`));

const STATUS_LABELS = { success: 'Successful', pending: 'Pending', review: 'In review', failed: 'Failed' } as const;
const STATUS_BADGES: Record<keyof typeof STATUS_LABELS, BadgeVariant> = {
  success: 'green',
  pending: 'yellow',
  review: 'blue',
  failed: 'red',
};

function changeText(change: number | null) {
  if (change === null) return 'Nothing in the previous period to compare with';
  const sign = change > 0 ? '+' : '';
  return `${sign}${change.toLocaleString('en-NG', { maximumFractionDigits: 1 })}% on the previous period`;
}

/** SPEC §2 Financial Overview: the money of a period in the caller's schools, every figure from the server. */
export default function FinancialOverviewPage() {
  const roles = useAuthStore((state) => state.user?.roles ?? []);
  const { filters, update } = useUrlFilters(DEFAULTS, OPTIONS);
  const period = filters.period as FinancialPeriod;
  const overview = useFinancialOverview(period);
  // The money trail is the audit's financial view; roles without the audit see the fee list instead.
  const moneyRows = (from: string, to: string) =>
    can(roles, 'audit.view') ? `/audit?${new URLSearchParams({ tab: 'financial', from, to })}` : '/fees';

  return (
    <>
      <PageHeader
        title="Financial Overview"
        description="Money credited in your schools, net of refunds, in Lagos time."
        actions={
          <div className="flex items-center gap-2">
            <label className="sr-only" htmlFor="overview-period">
              Period
            </label>
            <div className="w-40 shrink-0">
              <Select id="overview-period" value={period} onChange={(event) => update({ period: event.target.value })}>
                {FINANCIAL_PERIODS.map((option) => (
                  <option key={option} value={option}>
                    {FINANCIAL_PERIOD_LABELS[option]}
                  </option>
                ))}
              </Select>
            </div>
            <Button variant="secondary" onClick={() => overview.refetch()} disabled={overview.isFetching}>
              <RefreshCw className={overview.isFetching ? 'size-4 animate-spin' : 'size-4'} aria-hidden="true" />
              Refresh
            </Button>
          </div>
        }
      />
      <QueryState
        query={overview}
        loading={<DashboardSkeleton />}
        errorTitle="Error loading financial overview"
        errorFallback="Failed to fetch financial overview"
      >
        {(data) => (
          <div className="space-y-6">
            <StatGrid>
              <StatCard
                label="Revenue"
                value={formatKobo(data.revenue)}
                hint={changeText(data.change)}
                to={moneyRows(data.from, data.to)}
                icon={Banknote}
              />
              <StatCard
                label="Transactions"
                value={data.transactions.toLocaleString('en-NG')}
                hint={`${data.from} to ${data.to}`}
                to={moneyRows(data.from, data.to)}
                icon={ReceiptText}
                tone="sky"
              />
              <StatCard
                label="Average payment"
                value={formatKobo(data.averageTransaction)}
                hint="Revenue ÷ transactions"
                to={moneyRows(data.from, data.to)}
                icon={Calculator}
                tone="violet"
              />
              <StatCard
                label="Outstanding this term"
                value={formatKobo(data.term.outstanding)}
                hint={`Collection rate ${formatRate(data.term.collectionRate)} · ${data.term.owing} students owing`}
                to="/fees"
                icon={Hourglass}
                tone={data.term.outstanding > 0n ? 'amber' : 'slate'}
              />
            </StatGrid>
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
              <div className="lg:col-span-3">
                <TrendChart
                  title={data.trendUnit === 'day' ? 'Revenue by day' : 'Revenue by month'}
                  description={`${financialPeriodLabel(data.period)}: ${data.from} to ${data.to}`}
                  data={data.trend.map((point) => ({ label: pointLabel(point.key), value: koboToNaira(point.amount) }))}
                  format={(value) => formatNaira(value)}
                  tick={compactNaira}
                  columns={[data.trendUnit === 'day' ? 'Day' : 'Month', 'Revenue']}
                  empty="No payments were credited in this period."
                  kind={data.trend.length <= 12 ? 'bar' : 'area'}
                />
              </div>
              <div className="lg:col-span-2">
                <ShareChart
                  title="By payment method"
                  data={data.byMethod.map((share) => ({
                    label: PAYMENT_METHOD_LABELS[share.method],
                    value: koboToNaira(share.totalAmount),
                  }))}
                  shares={data.byMethod.map((share) => share.percentage)}
                  format={(value) => formatNaira(value)}
                  columns={['Method', 'Revenue']}
                  empty="No payments were credited in this period."
                />
              </div>
            </div>
            <Card>
              <CardHeader
                title="Payment status breakdown"
                description="Payments started in the period, by where they stand now."
              />
              <div className="overflow-x-auto">
                <table className="w-full text-sm">
                  <thead>
                    <tr className="border-b border-slate-200 text-left text-xs font-medium text-slate-500 uppercase dark:border-slate-800 dark:text-slate-400">
                      <th scope="col" className="px-5 py-2">
                        Status
                      </th>
                      <th scope="col" className="px-5 py-2 text-right">
                        Payments
                      </th>
                      <th scope="col" className="px-5 py-2 text-right">
                        Amount
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                    {data.statusBreakdown.map((row) => (
                      <tr key={row.status}>
                        <td className="px-5 py-2">
                          <Badge variant={STATUS_BADGES[row.status]}>{STATUS_LABELS[row.status]}</Badge>
                        </td>
                        <td className="px-5 py-2 text-right text-slate-900 tabular-nums dark:text-white">
                          {row.count.toLocaleString('en-NG')}
                        </td>
                        <td className="px-5 py-2 text-right text-slate-900 tabular-nums dark:text-white">
                          {formatKobo(row.amount)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </Card>
          </div>
        )}
      </QueryState>
    </>
  );
}
