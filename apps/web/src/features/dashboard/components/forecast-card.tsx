import { type Forecast, formatKobo } from '@schoolledger/domain';
import { ArrowRight, TrendingUp } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Card, CardBody, CardHeader } from '@/components/ui';
import { useForecastSummary } from '../api/get-forecast-summary';

/** What the caller's schools expect by each term's end, summed over those with a forecast. */
export function expectedByTermEnd(forecast: Forecast) {
  const ends = forecast.schools.flatMap((school) => {
    const last = school.forecast.enough ? school.forecast.lines.at(-1) : undefined;
    return last ? [last] : [];
  });
  if (ends.length === 0) return null;
  return ends.reduce(
    (sum, end) => ({ expected: sum.expected + end.expected, low: sum.low + end.low, high: sum.high + end.high }),
    { expected: 0n, low: 0n, high: 0n },
  );
}

/** The dashboard's line of the collections forecast, with the way to the whole of it. */
export function ForecastCard() {
  const forecast = useForecastSummary();
  const end = forecast.data ? expectedByTermEnd(forecast.data) : null;
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader
        title={<span id={titleId}>Collections forecast</span>}
        description="Judged by past terms' collections"
        actions={
          <Link
            to="/forecast"
            className="inline-flex items-center gap-1 text-sm font-medium text-emerald-700 hover:underline dark:text-emerald-300"
          >
            Open the forecast
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        }
      />
      <CardBody className="flex items-start gap-3">
        <TrendingUp className="mt-0.5 size-5 shrink-0 text-emerald-700 dark:text-emerald-300" aria-hidden="true" />
        {forecast.isPending ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">Loading the forecast...</p>
        ) : forecast.isError ? (
          <p className="text-sm text-red-700 dark:text-red-400">The forecast could not be loaded.</p>
        ) : end ? (
          <div className="min-w-0">
            <p className="text-slate-900 dark:text-white">
              Expected by term end: <span className="font-semibold tabular-nums">{formatKobo(end.expected)}</span>
            </p>
            <p className="text-sm text-slate-600 tabular-nums dark:text-slate-300">
              low {formatKobo(end.low)} – high {formatKobo(end.high)}
            </p>
          </div>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Not enough past terms to forecast yet: a forecast needs two.
          </p>
        )}
      </CardBody>
    </Card>
  );
}
