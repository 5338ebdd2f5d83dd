import type { SchoolForecast } from '@schoolledger/domain';
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceDot,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { CHART_COLORS, ChartFrame } from '@/components/charts';
import { useDebtors } from '../api/get-debtors';
import { chartPoints, expectedByEnd, shareOf, shareOn, sharePercent, termName, waveMarks } from '../lib/forecast-view';

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
/** Past terms other than last year's: present, but quieter than the two that matter most. */
const OLDER = 'var(--chart-text)';

/** The legend in order of importance: this term, its forecast, then the past terms as the API ranks them. */
function legendRank(school: SchoolForecast, dataKey: string) {
  const fixed = ['current', 'expected', 'band'].indexOf(dataKey);
  if (fixed >= 0) return fixed;
  return 3 + school.past_terms.findIndex((past) => past._id === dataKey);
}

/**
 * This term's collection curve beside the past terms' (the same term last year the strongest of
 * them), and the forecast with its low–high band from today to the end, all as the share of each
 * term's bill collected by each day of term, with a dot where each reminder wave went out (the
 * curve after it is the wave's effect). The table beside it gives the same in figures.
 */
export function ForecastChart({ school }: { school: SchoolForecast }) {
  // The same query as "What would close the gap" below: one request serves both.
  const debtors = useDebtors(school.school._id);
  const term = school.term;
  if (!term) return null;
  const marks = waveMarks(school, debtors.data?.reminder_waves ?? []);
  const day = term.day;
  const end = expectedByEnd(school);
  const points = chartPoints(school);
  const rows = [
    [`This term (${termName(term)})`, sharePercent(shareOn(school.curve, day) ?? 0), '—'],
    ...school.past_terms.map((past) => [
      `${termName(past)}${past.same_term_last_year ? ' (same term last year)' : ''}`,
      sharePercent(shareOn(past.curve, day) ?? 0),
      sharePercent(shareOn(past.curve, past.curve.length - 1) ?? 0),
    ]),
    ...(end
      ? [
          [
            'Forecast (low – high)',
            '—',
            `${sharePercent(shareOf(end.expected, school.billed))} (${sharePercent(shareOf(end.low, school.billed))} – ${sharePercent(shareOf(end.high, school.billed))})`,
          ],
        ]
      : []),
  ];
  return (
    <ChartFrame
      title="Collection curve"
      description={`Share of each term's bill collected by each day of term. Today is day ${day + 1} of ${term.days}.${marks.length > 0 ? ' Dots mark the days reminder waves went out, each on the curve of its term (their figures are under Past reminder waves).' : ''}`}
      columns={['Term', `By day ${day + 1}`, 'By term end']}
      rows={rows}
      height={320}
    >
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={points} margin={{ top: 4, right: 8, bottom: 16, left: 0 }}>
          <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
          <XAxis
            dataKey="day"
            type="number"
            domain={[1, points.length]}
            {...axis}
            tickLine={false}
            label={{
              value: 'Day of term',
              position: 'insideBottom',
              offset: -8,
              fill: 'var(--chart-text)',
              fontSize: 12,
            }}
          />
          <YAxis
            {...axis}
            domain={[0, 100]}
            tickFormatter={(value: number) => `${value}%`}
            width={56}
            tickLine={false}
            label={{
              value: 'Share collected',
              angle: -90,
              position: 'insideLeft',
              offset: 12,
              fill: 'var(--chart-text)',
              fontSize: 12,
              style: { textAnchor: 'middle' },
            }}
          />
          <Tooltip
            {...tooltipStyle}
            labelFormatter={(label) => `Day ${label}`}
            formatter={(value) =>
              Array.isArray(value) ? `${value[0]}% – ${value[1]}%` : `${Number(value).toFixed(1)}%`
            }
          />
          <Legend
            verticalAlign="top"
            wrapperStyle={{ fontSize: 12, paddingBottom: 8 }}
            itemSorter={(item) => legendRank(school, String(item.dataKey))}
          />
          {end && (
            <Area
              dataKey="band"
              name="Forecast band (low – high)"
              stroke="none"
              fill={CHART_COLORS[0]}
              fillOpacity={0.18}
              isAnimationActive={false}
            />
          )}
          {[...school.past_terms].reverse().map((past) => (
            <Line
              key={past._id}
              dataKey={past._id}
              name={`${termName(past)}${past.same_term_last_year ? ' (last year)' : ''}`}
              stroke={past.same_term_last_year ? CHART_COLORS[1] : OLDER}
              strokeWidth={past.same_term_last_year ? 2.5 : 1}
              strokeOpacity={past.same_term_last_year ? 1 : 0.5}
              strokeDasharray={past.same_term_last_year ? undefined : '4 3'}
              dot={false}
              isAnimationActive={false}
            />
          ))}
          {end && (
            <Line
              dataKey="expected"
              name="Forecast"
              stroke={CHART_COLORS[0]}
              strokeWidth={2}
              strokeDasharray="6 4"
              dot={false}
              isAnimationActive={false}
            />
          )}
          <Line
            dataKey="current"
            name="This term"
            stroke={CHART_COLORS[0]}
            strokeWidth={3}
            dot={false}
            isAnimationActive={false}
          />
          {marks.map((mark) => (
            <ReferenceDot
              key={mark.date}
              x={mark.day}
              y={mark.share}
              r={5}
              fill={CHART_COLORS[2]}
              stroke="var(--color-white, #fff)"
              strokeWidth={1.5}
              ifOverflow="extendDomain"
            />
          ))}
        </ComposedChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
