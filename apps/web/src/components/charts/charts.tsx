import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { CHART_COLORS, ChartFrame, type ChartRow } from './chart-frame';

/** Axis ticks: ₦1.2M rather than ₦1,200,000.00, so a phone's narrow axis stays readable. */
export { formatNairaTick as compactNaira } from '@schoolledger/domain';

/** Someone who asked their system for less motion gets the chart drawn at once, not grown in. */
const animated = () => !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

const axis = { stroke: 'var(--chart-grid)', tick: { fill: 'var(--chart-text)', fontSize: 12 } };
const tooltipStyle = {
  contentStyle: {
    background: 'var(--color-white, #fff)',
    borderRadius: 8,
    border: '1px solid var(--chart-grid)',
    fontSize: 12,
    color: '#0f172a',
  },
};

const linked = (row: ChartRow, text: ReactNode) =>
  row.to ? (
    <Link to={row.to} className="text-emerald-700 hover:underline dark:text-emerald-300">
      {text}
    </Link>
  ) : (
    text
  );

interface BaseProps {
  title: string;
  description?: ReactNode;
  data: readonly ChartRow[];
  /** How a value reads in the table and the tooltip (₦ for money, % for rates). */
  format: (value: number) => string;
  /** How a value reads on an axis; defaults to `format`. */
  tick?: (value: number) => string;
  /** The table's heading for the label and the value columns. */
  columns: readonly [string, string];
  /** Shown instead of the chart when every value is zero (a school with no payments yet). */
  empty: string;
}

const isEmpty = (data: readonly ChartRow[]) => data.every((row) => row.value === 0);

const rowsOf = (data: readonly ChartRow[], format: (value: number) => string) =>
  data.map((row) => [linked(row, row.label), format(row.value)]);

/** A value over time (months, days): an area by default, bars for few points. */
export function TrendChart({ kind = 'area', ...props }: BaseProps & { kind?: 'area' | 'bar' }) {
  const { title, description, data, format, tick = format, columns, empty } = props;
  const points = data.map((row) => ({ label: row.label, value: row.value }));
  return (
    <ChartFrame
      title={title}
      description={description}
      columns={columns}
      rows={rowsOf(data, format)}
      empty={isEmpty(data) && empty}
    >
      <ResponsiveContainer width="100%" height="100%">
        {kind === 'bar' ? (
          <BarChart data={points} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
            <XAxis dataKey="label" {...axis} tickLine={false} interval="preserveStartEnd" minTickGap={12} />
            <YAxis {...axis} tickFormatter={tick} width={64} tickLine={false} />
            <Tooltip
              {...tooltipStyle}
              formatter={(value) => format(Number(value))}
              cursor={{ fill: 'var(--chart-grid)' }}
            />
            <Bar
              dataKey="value"
              name={columns[1]}
              fill={CHART_COLORS[0]}
              radius={[4, 4, 0, 0]}
              isAnimationActive={animated()}
            />
          </BarChart>
        ) : (
          <AreaChart data={points} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
            <XAxis dataKey="label" {...axis} tickLine={false} interval="preserveStartEnd" minTickGap={12} />
            <YAxis {...axis} tickFormatter={tick} width={64} tickLine={false} />
            <Tooltip {...tooltipStyle} formatter={(value) => format(Number(value))} />
            <Area
              type="monotone"
              dataKey="value"
              name={columns[1]}
              stroke={CHART_COLORS[0]}
              strokeWidth={2}
              fill={CHART_COLORS[0]}
              fillOpacity={0.15}
              isAnimationActive={animated()}
            />
          </AreaChart>
        )}
      </ResponsiveContainer>
    </ChartFrame>
  );
}

/** Room for each bar of a ranking and its label, so a school with many class arms names every one. */
const RANK_ROW_PX = 26;

/** Items ranked by a value, largest first (schools by collection rate, class arms by outstanding). */
export function RankingChart(props: BaseProps & { max?: number }) {
  const { title, description, data, format, tick = format, columns, empty, max } = props;
  const ranked = [...data].sort((a, b) => b.value - a.value);
  return (
    <ChartFrame
      title={title}
      description={description}
      columns={columns}
      rows={rowsOf(ranked, format)}
      empty={isEmpty(data) && empty}
      height={Math.max(256, ranked.length * RANK_ROW_PX + 32)}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={ranked.map((row) => ({ label: row.label, value: row.value }))}
          layout="vertical"
          margin={{ top: 0, right: 12, bottom: 0, left: 0 }}
        >
          <CartesianGrid stroke="var(--chart-grid)" horizontal={false} />
          <XAxis type="number" {...axis} tickFormatter={tick} domain={[0, max ?? 'auto']} tickLine={false} />
          <YAxis type="category" dataKey="label" {...axis} width={96} tickLine={false} interval={0} />
          <Tooltip
            {...tooltipStyle}
            formatter={(value) => format(Number(value))}
            cursor={{ fill: 'var(--chart-grid)' }}
          />
          <Bar
            dataKey="value"
            name={columns[1]}
            fill={CHART_COLORS[1]}
            radius={[0, 4, 4, 0]}
            barSize={18}
            isAnimationActive={animated()}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

/** Parts of a whole (the payment method mix): a ring, with each part's share in the table. */
export function ShareChart(props: BaseProps & { shares: readonly number[] }) {
  const { title, description, data, format, columns, empty, shares } = props;
  const rows = data.map((row, index) => [linked(row, row.label), format(row.value), `${shares[index] ?? 0}%`]);
  // Empty parts are left out of the ring: each would still take a gap, notching a ring that one part fills.
  const slices = data
    .map((row, index) => ({ name: row.label, value: row.value, fill: CHART_COLORS[index % CHART_COLORS.length] }))
    .filter((slice) => slice.value > 0);
  return (
    <ChartFrame
      title={title}
      description={description}
      columns={[columns[0], columns[1], 'Share']}
      rows={rows}
      empty={isEmpty(data) && empty}
    >
      <div className="flex h-full flex-col gap-3 sm:flex-row sm:items-center">
        <div className="h-40 min-w-0 flex-1 sm:h-full">
          <ResponsiveContainer width="100%" height="100%">
            <PieChart>
              <Pie
                data={slices}
                dataKey="value"
                nameKey="name"
                innerRadius="55%"
                outerRadius="85%"
                paddingAngle={slices.length > 1 ? 1 : 0}
                isAnimationActive={animated()}
                stroke="none"
              >
                {slices.map((slice) => (
                  <Cell key={slice.name} fill={slice.fill} />
                ))}
              </Pie>
              <Tooltip {...tooltipStyle} formatter={(value) => format(Number(value))} />
            </PieChart>
          </ResponsiveContainer>
        </div>
        <ul className="grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm sm:w-52 sm:grid-cols-1">
          {data.map((row, index) => (
            <li key={row.label} className="flex items-center gap-2">
              <span
                className="size-2.5 shrink-0 rounded-full"
                style={{ background: CHART_COLORS[index % CHART_COLORS.length] }}
              />
              <span className="min-w-0 flex-1 truncate text-slate-700 dark:text-slate-300">{row.label}</span>
              <span className="font-medium text-slate-900 tabular-nums dark:text-white">{shares[index] ?? 0}%</span>
            </li>
          ))}
        </ul>
      </div>
    </ChartFrame>
  );
}
