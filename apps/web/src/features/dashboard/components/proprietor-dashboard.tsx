import type { ProprietorDashboard as Data } from '@schoolledger/domain';
import { Building2, Landmark, Percent, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { compactNaira, RankingChart, ShareChart, TrendChart } from '@/components/charts';
import { ActionGrid, formatRate, StatCard, StatGrid } from '@/components/dashboard';
import { Card, CardHeader, EmptyState } from '@/components/ui';
import { useProprietorDashboard } from '../api/get-proprietor-dashboard';
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

const ACTIONS = [
  { label: 'Schools', description: 'The schools of the group', to: '/schools', icon: Building2 },
  {
    label: 'Financial Overview',
    description: 'Periods and comparisons',
    to: '/admin/financial-overview',
    icon: Percent,
    tone: 'sky',
  },
  { label: 'All payments', description: 'Across the group', to: paymentsLink({}), icon: Wallet, tone: 'amber' },
  { label: 'Audit trail', description: 'Everything done in the group', to: '/audit', icon: Landmark, tone: 'slate' },
] as const;

const cell = 'px-5 py-2 text-right tabular-nums';
const head = 'px-5 py-2 text-right';

/** Issue 14 item 3: the whole group at a glance, school by school, this term. */
export default function ProprietorDashboard() {
  const query = useProprietorDashboard();
  return <DashboardState query={query}>{(data) => <Board data={data} />}</DashboardState>;
}

function Board({ data }: { data: Data }) {
  const { totals } = data;
  const figures = totals.figures;
  const linkOf = (schoolId: string) =>
    outstandingLink(schoolId, data.schools.find((school) => school.schoolId === schoolId)?.term?._id);

  return (
    <div className="space-y-6">
      <StatGrid>
        <StatCard
          label="Expected this term"
          value={naira(figures.expected)}
          hint={`${countOf(totals.schools, 'school')}, ${countOf(figures.students, 'student')}`}
          to="/fees?tab=outstanding"
          icon={Building2}
          tone="slate"
        />
        <StatCard
          label="Collected this term"
          value={naira(figures.collected)}
          hint={`${formatRate(figures.collectionRate)} of expected`}
          to={paymentsLink({ pstatus: 'success' })}
          icon={Wallet}
        />
        <StatCard
          label="Outstanding this term"
          value={naira(figures.outstanding)}
          hint={`${countOf(figures.owing, 'student')} owing`}
          to="/fees?tab=outstanding"
          icon={Landmark}
          tone="amber"
        />
        <StatCard
          label="Total Revenue"
          value={naira(totals.totalRevenue)}
          hint={`${naira(totals.thisMonthRevenue)} this month, net of refunds`}
          to={paymentsLink({ pstatus: 'success' })}
          icon={Percent}
          tone="sky"
        />
      </StatGrid>

      <ForecastCard />

      <IncomeExpenditureCard
        figures={data.incomeExpenditure}
        period="Each school's current term, across the group"
        reportTo={incomeExpenditureLink()}
      />

      <Card className="overflow-hidden">
        <CardHeader title="Schools this term" description="Each school's current term" />
        {data.schools.length === 0 ? (
          <EmptyState title="No schools yet" className="py-8" />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[34rem] text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-left text-xs font-medium text-slate-500 uppercase dark:border-slate-800 dark:text-slate-400">
                  <th scope="col" className="px-5 py-2">
                    School
                  </th>
                  <th scope="col" className={head}>
                    Expected
                  </th>
                  <th scope="col" className={head}>
                    Collected
                  </th>
                  <th scope="col" className={head}>
                    Outstanding
                  </th>
                  <th scope="col" className={head}>
                    Rate
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 text-slate-900 dark:divide-slate-800 dark:text-white">
                {data.schools.map((school) => (
                  <tr key={school.schoolId}>
                    <th scope="row" className="px-5 py-2 text-left font-medium">
                      <Link to={linkOf(school.schoolId)} className="hover:underline">
                        {school.name}
                      </Link>
                      <span className="block text-xs font-normal text-slate-500 dark:text-slate-400">
                        {school.term?.name ?? 'No term yet'}
                      </span>
                    </th>
                    <td className={cell}>{naira(school.figures.expected)}</td>
                    <td className={cell}>
                      <Link
                        to={paymentsLink({ school: school.schoolId, term: school.term?._id, pstatus: 'success' })}
                        className="hover:underline"
                      >
                        {naira(school.figures.collected)}
                      </Link>
                    </td>
                    <td className={cell}>
                      <Link to={linkOf(school.schoolId)} className="hover:underline">
                        {naira(school.figures.outstanding)}
                      </Link>
                    </td>
                    <td className={cell}>{formatRate(school.figures.collectionRate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <RankingChart
          title="Collection rate ranking"
          description="Collected of expected, this term"
          data={data.schools
            .filter((school) => school.figures.collectionRate !== null)
            .map((school) => ({
              label: school.name,
              value: school.figures.collectionRate ?? 0,
              to: linkOf(school.schoolId),
            }))}
          format={(value) => formatRate(value)}
          columns={['School', 'Collection rate']}
          max={100}
          empty="Every rate still rounds to 0% this term."
        />
        <ShareChart
          title="Payment method mix"
          description="Money credited across the group, last 12 months"
          data={methodRows(data.paymentMethods)}
          shares={data.paymentMethods.map((share) => share.percentage)}
          format={nairaOfNumber}
          columns={['Method', 'Amount']}
          empty="No payments in the last 12 months yet."
        />
      </div>

      <TrendChart
        title="Group revenue trend"
        description="Money credited per month across the group, last 12 months, net of refunds"
        data={trendRows(data.revenueTrend)}
        format={nairaOfNumber}
        tick={compactNaira}
        columns={['Month', 'Revenue']}
        empty="No payments in the last 12 months yet."
      />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card className="overflow-hidden">
          <CardHeader title="Largest debtors" description="The 10 students who owe most this term, across the group" />
          {data.largestDebtors.length === 0 ? (
            <EmptyState title="Nobody owes anything this term" className="py-8" />
          ) : (
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {data.largestDebtors.map((debtor) => (
                <li key={debtor.studentId}>
                  <Link
                    to={linkOf(debtor.schoolId)}
                    className="flex items-center gap-3 px-5 py-2.5 hover:bg-slate-50 dark:hover:bg-slate-800/60"
                  >
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{debtor.name}</p>
                      <p className="truncate text-xs text-slate-500 dark:text-slate-400">
                        {[debtor.schoolName, debtor.classArm, debtor.regNo].filter(Boolean).join(' · ')}
                      </p>
                    </div>
                    <span className="text-sm font-semibold text-slate-900 tabular-nums dark:text-white">
                      {naira(debtor.outstanding)}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <ActionGrid title="Strategic actions" actions={ACTIONS} />
      </div>
    </div>
  );
}
