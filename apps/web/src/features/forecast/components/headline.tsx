import { formatCalendarDate, formatKobo, type SchoolForecast } from '@schoolledger/domain';
import { clsx } from 'clsx';
import { Badge, Card, CardBody, CardHeader } from '@/components/ui';
import {
  compareWithLastYear,
  comparisonText,
  expectedByEnd,
  shareOf,
  sharePercent,
  termName,
} from '../lib/forecast-view';

const VERDICT = {
  ahead: { label: 'Ahead of last year', variant: 'green' },
  behind: { label: 'Behind last year', variant: 'red' },
  level: { label: 'Level with last year', variant: 'gray' },
} as const;

export function Figure({ label, value, hint }: { label: string; value: string; hint?: string | undefined }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-xl font-semibold break-words text-slate-900 tabular-nums dark:text-white">{value}</dd>
      {hint && <dd className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">{hint}</dd>}
    </div>
  );
}

/** The term's figures: billed, collected so far, expected by its end with the band, and how it compares with last year. */
export function Headline({ school }: { school: SchoolForecast }) {
  const term = school.term;
  if (!term) return null;
  const end = expectedByEnd(school);
  const comparison = compareWithLastYear(school);
  return (
    <Card>
      <CardHeader
        title={termName(term)}
        description={`${formatCalendarDate(term.starts_on)} – ${formatCalendarDate(term.ends_on)} · day ${term.day + 1} of ${term.days}`}
        actions={
          comparison && <Badge variant={VERDICT[comparison.verdict].variant}>{VERDICT[comparison.verdict].label}</Badge>
        }
      />
      <CardBody className="space-y-4">
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <Figure label="Billed this term" value={formatKobo(school.billed)} />
          <Figure
            label="Collected so far"
            value={formatKobo(school.collected)}
            hint={`${sharePercent(shareOf(school.collected, school.billed))} of the bill`}
          />
          <Figure
            label="Expected by term end"
            value={end ? formatKobo(end.expected) : 'No forecast yet'}
            hint={end ? `Low ${formatKobo(end.low)} – high ${formatKobo(end.high)}` : 'Needs two past terms'}
          />
        </dl>
        {comparison && (
          <p
            className={clsx(
              'text-sm',
              comparison.verdict === 'behind' ? 'text-red-700 dark:text-red-400' : 'text-slate-700 dark:text-slate-300',
            )}
          >
            {comparisonText(comparison)}
          </p>
        )}
      </CardBody>
    </Card>
  );
}
