import { type IncomeExpenditure, koboToNaira } from '@schoolledger/domain';
import { clsx } from 'clsx';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS, ChartFrame, compactNaira } from '@/components/charts';
import { Card, CardBody, CardHeader } from '@/components/ui';
import { formatMonth } from '@/lib/dates';
import { naira, nairaOfNumber } from '../lib/finance';

const SERIES = [
  { key: 'income', name: 'Income', color: CHART_COLORS[0] },
  { key: 'expenditure', name: 'Expenditure', color: CHART_COLORS[4] },
] as const;

const axis = { stroke: 'var(--chart-grid)', tick: { fill: 'var(--chart-text)', fontSize: 12 } };
const link =
  'inline-flex items-center gap-1 text-sm font-medium text-emerald-700 hover:underline dark:text-emerald-300';

/** A deficit says so in words and with its minus sign, not only in red. */
function balance(surplus: bigint) {
  const deficit = surplus < 0n;
  const amount = naira(deficit ? -surplus : surplus);
  return {
    label: deficit ? 'Deficit' : 'Surplus',
    value: deficit ? `−${amount}` : amount,
    sentence: deficit
      ? `Expenditure is above income by ${amount}: a deficit.`
      : surplus === 0n
        ? 'Income and expenditure are level.'
        : `Income is above expenditure by ${amount}: a surplus.`,
    tone: deficit ? 'text-red-700 dark:text-red-400' : 'text-emerald-700 dark:text-emerald-300',
  };
}

export interface IncomeExpenditureCardProps {
  figures: IncomeExpenditure;
  /** The term the figures are for: the school's, or "each school's current term" across a group. */
  period: string;
  /** The Income and expenditure report, opened on the same school and term where there is one. */
  reportTo: string;
}

/**
 * Issue 17: what came in against what went out. This term's fee income (net of refunds),
 * expenditure (payouts net of reversals) and the difference, what approved expenses still commit,
 * and the last 6 months side by side.
 */
export function IncomeExpenditureCard({ figures, period, reportTo }: IncomeExpenditureCardProps) {
  const { term, committed, months } = figures;
  const result = balance(term.surplus);
  const totalIn = months.reduce((sum, month) => sum + month.income, 0n);
  const totalOut = months.reduce((sum, month) => sum + month.expenditure, 0n);
  const points = months.map((month) => ({
    label: formatMonth(month.month),
    income: koboToNaira(month.income),
    expenditure: koboToNaira(month.expenditure),
  }));
  const stats = [
    { label: 'Income', value: naira(term.income), hint: 'Fees, net of refunds' },
    { label: 'Expenditure', value: naira(term.expenditure), hint: 'Paid out, net of reversals' },
    { label: result.label, value: result.value, hint: 'Income less expenditure', tone: result.tone },
    { label: 'Committed', value: naira(committed), hint: 'Approved, not yet paid' },
  ];

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader title="Income and expenditure" description={period} />
        <CardBody className="space-y-4">
          {/* Side by side from 480 px: a group's figures run to ₦47,824,750.50 and more, wider than half a phone. */}
          <dl className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2">
            {stats.map((stat) => (
              <div key={stat.label} className="min-w-0">
                <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{stat.label}</dt>
                <dd
                  className={clsx(
                    'mt-1 text-base font-semibold break-words tabular-nums sm:text-lg',
                    stat.tone ?? 'text-slate-900 dark:text-white',
                  )}
                >
                  {stat.value}
                </dd>
                <dd className="text-xs text-slate-500 dark:text-slate-400">{stat.hint}</dd>
              </div>
            ))}
          </dl>
          <p className="border-t border-slate-100 pt-3 text-sm text-slate-700 dark:border-slate-800 dark:text-slate-300">
            {result.sentence}
          </p>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            <Link to={reportTo} className={link}>
              Income and expenditure report
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
            <Link to="/expenses" className={link}>
              Expenses
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </div>
        </CardBody>
      </Card>
      <ChartFrame
        title="Income against expenditure"
        description={`Last 6 months: ${naira(totalIn)} in, ${naira(totalOut)} out`}
        columns={['Month', 'Income', 'Expenditure']}
        rows={points.map((point) => [point.label, nairaOfNumber(point.income), nairaOfNumber(point.expenditure)])}
        empty={totalIn === 0n && totalOut === 0n && 'No income or expenditure in the last 6 months yet.'}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={points} margin={{ top: 4, right: 8, bottom: 0, left: 0 }} barGap={2}>
            <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
            <XAxis dataKey="label" {...axis} tickLine={false} interval="preserveStartEnd" minTickGap={12} />
            <YAxis {...axis} tickFormatter={compactNaira} width={64} tickLine={false} />
            <Tooltip
              formatter={(value) => nairaOfNumber(Number(value))}
              cursor={{ fill: 'var(--chart-grid)' }}
              contentStyle={{ borderRadius: 8, border: '1px solid var(--chart-grid)', fontSize: 12, color: '#0f172a' }}
            />
            <Legend
              iconType="circle"
              wrapperStyle={{ fontSize: 12 }}
              // Income first, as in the table (the default sorts the names alphabetically).
              itemSorter={(item) => (item.dataKey === 'income' ? 0 : 1)}
            />
            {SERIES.map((series) => (
              <Bar
                key={series.key}
                dataKey={series.key}
                name={series.name}
                fill={series.color}
                radius={[4, 4, 0, 0]}
                isAnimationActive={!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </ChartFrame>
    </div>
  );
}
