import { formatKobo, type SchoolForecast } from '@schoolledger/domain';
import { Badge, Card, CardHeader, EmptyState } from '@/components/ui';
import { termName } from '../lib/forecast-view';
import { bodyRows, headRow, TableFrame, Td, Th } from './tables';

/** "+2.5%" when the forecast was too hopeful, "−1.2%" when it fell short. */
const signed = (percent: number) =>
  percent > 0 ? `+${percent.toFixed(1)}%` : percent < 0 ? `−${Math.abs(percent).toFixed(1)}%` : '0.0%';

/**
 * How the same method did on the terms already closed, run from two weeks in and from today's day
 * of each: a table, or a card for each run on a phone.
 */
export function Accuracy({ school }: { school: SchoolForecast }) {
  const rows = school.accuracy;
  return (
    <Card className="min-w-0 overflow-hidden">
      <CardHeader
        title="How accurate is this?"
        description="The same method run on closed terms, from two weeks in and from today's day of term, against what those terms collected in the end. The error is a share of that term's bill: above zero, the forecast was too hopeful."
      />
      {rows.length === 0 ? (
        <EmptyState
          title="No past term to check against yet"
          description="A term can be checked once two terms before it are closed."
          className="py-8"
        />
      ) : (
        <>
          <ul
            aria-label="Forecast accuracy on past terms"
            className="divide-y divide-slate-100 sm:hidden dark:divide-slate-800"
          >
            {rows.map((row) => (
              <li key={`${row.session}-${row.term}-${row.from_day}`} className="space-y-3 px-4 py-4 text-sm">
                <div className="flex items-start justify-between gap-3">
                  <p className="font-medium text-slate-900 dark:text-white">
                    {termName({ name: row.term, session: row.session })}
                    <span className="block text-xs font-normal text-slate-500 dark:text-slate-400">
                      Run from day {row.from_day + 1}
                    </span>
                  </p>
                  <Badge variant={row.within_band ? 'green' : 'yellow'}>
                    {row.within_band ? 'Within band' : 'Outside band'}
                  </Badge>
                </div>
                <dl className="grid grid-cols-2 gap-3 text-slate-900 tabular-nums dark:text-white">
                  <div>
                    <dt className="text-xs text-slate-500 dark:text-slate-400">Forecast</dt>
                    <dd>{formatKobo(row.forecast)}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500 dark:text-slate-400">Actual</dt>
                    <dd>{formatKobo(row.actual)}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500 dark:text-slate-400">Band (low – high)</dt>
                    <dd>
                      {formatKobo(row.low)} – {formatKobo(row.high)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500 dark:text-slate-400">Error</dt>
                    <dd>{signed(row.error_percent)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          <div className="max-sm:hidden">
            <TableFrame label="Forecast accuracy on past terms">
              <table className="w-full min-w-[48rem] text-sm">
                <thead>
                  <tr className={headRow}>
                    <Th>Term</Th>
                    <Th numeric>Run from</Th>
                    <Th numeric>Forecast</Th>
                    <Th numeric>Band (low – high)</Th>
                    <Th numeric>Actual</Th>
                    <Th numeric>Error</Th>
                    <Th>Within band</Th>
                  </tr>
                </thead>
                <tbody className={bodyRows}>
                  {rows.map((row) => (
                    <tr key={`${row.session}-${row.term}-${row.from_day}`}>
                      <Td>{termName({ name: row.term, session: row.session })}</Td>
                      <Td numeric>Day {row.from_day + 1}</Td>
                      <Td numeric>{formatKobo(row.forecast)}</Td>
                      <Td numeric>
                        {formatKobo(row.low)} – {formatKobo(row.high)}
                      </Td>
                      <Td numeric>{formatKobo(row.actual)}</Td>
                      <Td numeric>{signed(row.error_percent)}</Td>
                      <Td>
                        <Badge variant={row.within_band ? 'green' : 'yellow'}>{row.within_band ? 'Yes' : 'No'}</Badge>
                      </Td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableFrame>
          </div>
        </>
      )}
    </Card>
  );
}
