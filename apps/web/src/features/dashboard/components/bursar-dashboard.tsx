import { type BursarDashboard as Data, PAYMENT_METHOD_LABELS } from '@schoolledger/domain';
import { Banknote, BellRing, CalendarDays, FileBarChart, Landmark, Percent, Receipt, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { compactNaira, ShareChart, TrendChart } from '@/components/charts';
import { ActionGrid, AlertBanner, formatRate, ProgressBar, StatCard, StatGrid } from '@/components/dashboard';
import { Badge, Card, CardBody, CardHeader, EmptyState } from '@/components/ui';
import { formatDateTime } from '@/lib/dates';
import { useBursarDashboard } from '../api/get-bursar-dashboard';
import {
  countOf,
  incomeExpenditureLink,
  methodRows,
  naira,
  nairaOfNumber,
  outstandingLink,
  paymentsLink,
  trendRows,
} from '../lib/finance';
import { DashboardState } from './dashboard-state';
import { ForecastCard } from './forecast-card';
import { IncomeExpenditureCard } from './income-expenditure-card';

const PENDING_TRANSFERS = paymentsLink({ method: 'bank_transfer', pstatus: 'pending' });
const UNDER_REVIEW = paymentsLink({ pstatus: 'review' });

const ACTIONS = [
  { label: 'Record cash payment', description: 'The cash desk', to: '/bursar/cash-payments', icon: Banknote },
  {
    label: 'Confirm transfers',
    description: 'Bank transfer claims',
    to: PENDING_TRANSFERS,
    icon: Landmark,
    tone: 'sky',
  },
  {
    label: 'Payment reminders',
    description: 'Remind students who owe',
    to: '/fees?tab=reminders',
    icon: BellRing,
    tone: 'violet',
  },
  {
    label: 'All payments',
    description: 'Search and filter payments',
    to: paymentsLink({}),
    icon: Receipt,
    tone: 'slate',
  },
  {
    label: 'Financial overview',
    description: 'Periods and comparisons',
    to: '/admin/financial-overview',
    icon: FileBarChart,
    tone: 'rose',
  },
] as const;

/** SPEC §2 Bursar and issue 14 item 6: the school's money, what waits and what is owed. */
export default function BursarDashboard() {
  const query = useBursarDashboard();
  return <DashboardState query={query}>{(data) => <Board data={data} />}</DashboardState>;
}

function Board({ data }: { data: Data }) {
  const { financialStats: stats, termFigures: figures, alerts, term, today } = data;
  const OUTSTANDING = outstandingLink(data.schoolId, term?._id);
  const todayPayments = paymentsLink({ pstatus: 'success', from: today, to: today });
  const monthPayments = paymentsLink({ pstatus: 'success', from: `${today.slice(0, 7)}-01`, to: today });

  return (
    <div className="space-y-6">
      {stats.pendingPayments > 0 && (
        <AlertBanner
          title="Payment Processing Alert"
          action={
            alerts.pendingTransfers > 0
              ? { label: 'Review transfers', to: PENDING_TRANSFERS }
              : { label: 'Review payments', to: UNDER_REVIEW }
          }
        >
          {`${countOf(stats.pendingPayments, 'payment')} waiting: ${countOf(alerts.pendingTransfers, 'bank transfer claim')} to confirm and ${countOf(alerts.underReview, 'online payment')} under review.`}
        </AlertBanner>
      )}

      <StatGrid>
        <StatCard
          label="Total Revenue"
          value={naira(stats.totalRevenue)}
          hint={`${countOf(stats.totalTransactions, 'payment')}, net of refunds`}
          to={paymentsLink({ pstatus: 'success' })}
          icon={Wallet}
        />
        <StatCard
          label="Collection Rate"
          value={formatRate(figures.collectionRate)}
          hint={term ? `${term.name}, ${term.session}` : 'No term yet'}
          to={OUTSTANDING}
          icon={Percent}
          tone="sky"
        />
        <StatCard
          label="Outstanding Fees"
          value={naira(stats.outstandingAmount)}
          hint={`${countOf(figures.owing, 'student')} owing this term`}
          to={OUTSTANDING}
          icon={Landmark}
          tone="amber"
        />
        <StatCard
          label="Today's Revenue"
          value={naira(stats.todayRevenue)}
          hint={`${countOf(stats.todayTransactions, 'payment')} today`}
          to={todayPayments}
          icon={CalendarDays}
          tone="violet"
        />
      </StatGrid>

      <ForecastCard />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="Collection progress" description={term ? `${term.name}, ${term.session}` : undefined} />
          <CardBody className="space-y-5">
            <ProgressBar
              label="This term"
              value={figures.collectionRate}
              detail={
                <Link to={OUTSTANDING} className="hover:underline">
                  {naira(figures.collected)} of {naira(figures.expected)} collected · {naira(figures.outstanding)}{' '}
                  outstanding
                </Link>
              }
            />
            <div className="flex items-baseline justify-between gap-3 border-t border-slate-100 pt-4 text-sm dark:border-slate-800">
              <span className="font-medium text-slate-700 dark:text-slate-300">This month</span>
              <Link
                to={monthPayments}
                className="font-semibold text-slate-900 tabular-nums hover:underline dark:text-white"
              >
                {naira(stats.thisMonthRevenue)}
              </Link>
            </div>
            <p className="-mt-3 text-xs text-slate-500 dark:text-slate-400">
              {countOf(stats.thisMonthTransactions, 'payment')} credited since the 1st, net of refunds
            </p>
          </CardBody>
        </Card>
        <ShareChart
          title="Payment Methods"
          description="Money credited in the last 6 months"
          data={methodRows(data.paymentMethods)}
          shares={data.paymentMethods.map((share) => share.percentage)}
          format={nairaOfNumber}
          columns={['Method', 'Amount']}
          empty="No payments in the last 6 months yet."
        />
      </div>

      <IncomeExpenditureCard
        figures={data.incomeExpenditure}
        period={term ? `${term.name}, ${term.session}` : 'No term yet'}
        reportTo={incomeExpenditureLink(data.schoolId, term?._id)}
      />

      <TrendChart
        title="Revenue Trend"
        description="Money credited per month, last 6 months, net of refunds"
        data={trendRows(data.revenueTrend)}
        format={nairaOfNumber}
        tick={compactNaira}
        columns={['Month', 'Revenue']}
        empty="No payments in the last 6 months yet."
        kind="bar"
      />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader
            title="Recent Transactions"
            description="The last 5 payments"
            actions={
              <Link
                to={paymentsLink({})}
                className="text-sm font-medium text-emerald-700 hover:underline dark:text-emerald-300"
              >
                View all
              </Link>
            }
          />
          {data.recentTransactions.length === 0 ? (
            <EmptyState title="No payments yet" className="py-8" />
          ) : (
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {data.recentTransactions.map((payment) => (
                <li key={payment._id}>
                  <Link
                    to={paymentsLink({ q: payment.receiptNo ?? `${payment.user.firstname} ${payment.user.lastname}` })}
                    className="flex items-center gap-3 px-5 py-3 hover:bg-slate-50 dark:hover:bg-slate-800/60"
                  >
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium text-slate-900 dark:text-white">
                        {payment.user.firstname} {payment.user.lastname}
                        {payment.user.regNo && (
                          <span className="font-normal text-slate-500 dark:text-slate-400">
                            {' '}
                            · {payment.user.regNo}
                          </span>
                        )}
                      </p>
                      <p className="truncate text-xs text-slate-500 dark:text-slate-400">
                        {payment.fee.name} · {PAYMENT_METHOD_LABELS[payment.mode_of_payment]} ·{' '}
                        {formatDateTime(payment.trans_date)}
                      </p>
                    </div>
                    <div className="text-right">
                      <p className="text-sm font-semibold text-slate-900 tabular-nums dark:text-white">
                        {naira(payment.amount)}
                      </p>
                      <Badge
                        variant={
                          payment.status === 'success' ? 'green' : payment.status === 'failed' ? 'red' : 'yellow'
                        }
                      >
                        {payment.status}
                      </Badge>
                    </div>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <ActionGrid
          title="Financial Operations"
          actions={[
            ...ACTIONS,
            {
              label: 'Outstanding fees',
              description: 'Who still owes this term',
              to: OUTSTANDING,
              icon: Wallet,
              tone: 'amber',
            },
          ]}
        />
      </div>
    </div>
  );
}
