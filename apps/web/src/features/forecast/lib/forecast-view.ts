import {
  type Commitment,
  daysUntil,
  type ForecastDebtors,
  formatCalendarDate,
  type Kobo,
  type SchoolForecast,
} from '@schoolledger/domain';
import { formatMonth } from '@/lib/dates';

type PastTerm = SchoolForecast['past_terms'][number];
type Week = SchoolForecast['cash_flow']['weeks'][number];

/** A share of the bill (0 to 1) as a percentage with one decimal: "87.2%". */
export const sharePercent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** A part of a whole in kobo as a share (0 to 1); nothing billed counts as nothing collected. */
export const shareOf = (part: Kobo, whole: Kobo) => (whole > 0n ? Number(part) / Number(whole) : 0);

/** A term's share collected by `day`, or by its last day when it was shorter. */
export function shareOn(curve: readonly number[], day: number): number | undefined {
  if (curve.length === 0) return undefined;
  return curve[Math.min(day, curve.length - 1)];
}

/** "First Term 2025/2026". */
export const termName = (term: { name: string; session: string }) => `${term.name} ${term.session}`;

/** What the term is expected to have collected by its last day, with the band; none without a forecast. */
export function expectedByEnd(school: SchoolForecast) {
  const last = school.forecast.enough ? school.forecast.lines.at(-1) : undefined;
  return last ? { expected: last.expected, low: last.low, high: last.high } : null;
}

export interface Comparison {
  lastYear: PastTerm;
  day: number;
  now: number;
  then: number;
  verdict: 'ahead' | 'behind' | 'level';
}

/** Differences under a tenth of a point read as level: the shares are shown to one decimal. */
const LEVEL = 0.0005;

/** This term against the same term last year on the same day of term; none without that term. */
export function compareWithLastYear(school: SchoolForecast): Comparison | null {
  const lastYear = school.past_terms.find((term) => term.same_term_last_year);
  if (!school.term || !lastYear) return null;
  const day = school.term.day;
  const now = shareOn(school.curve, day);
  const then = shareOn(lastYear.curve, day);
  if (now === undefined || then === undefined) return null;
  const verdict = Math.abs(now - then) < LEVEL ? 'level' : now > then ? 'ahead' : 'behind';
  return { lastYear, day, now, then, verdict };
}

/** The sentence under the headline: ahead or behind, with both shares so the words can be checked. */
export function comparisonText(comparison: Comparison): string {
  const { lastYear, day, now, then, verdict } = comparison;
  const against = `${sharePercent(now)} collected by day ${day + 1} of term, against ${sharePercent(then)} by the same day of ${termName(lastYear)}`;
  if (verdict === 'level') return `Level with last year: ${against}.`;
  return `${verdict === 'ahead' ? 'Ahead of' : 'Behind'} last year: ${against}.`;
}

export interface ChartPoint {
  day: number;
  /** This term's share collected, in percent, up to today. */
  current?: number;
  /** Each past term's share, in percent, keyed by its id. */
  [pastTermId: string]: number | [number, number] | undefined;
  /** The forecast's expected share, in percent, from today to the term's end. */
  expected?: number;
  /** The forecast's low and high shares, in percent, drawn as a band. */
  band?: [number, number];
}

const percent = (share: number) => Math.round(share * 1000) / 10;

/**
 * The chart's points by day of term (day 1 first): this term to today, each past term over its
 * length, and the forecast with its band from today to the end, all as shares of their own bill,
 * so terms of different bills compare.
 */
export function chartPoints(school: SchoolForecast): ChartPoint[] {
  const term = school.term;
  if (!term) return [];
  const length = Math.max(term.days, ...school.past_terms.map((past) => past.curve.length));
  const points: ChartPoint[] = Array.from({ length }, (_, day) => ({ day: day + 1 }));
  school.curve.forEach((share, day) => {
    points[day]!.current = percent(share);
  });
  for (const past of school.past_terms) {
    past.curve.forEach((share, day) => {
      points[day]![past._id] = percent(share);
    });
  }
  if (school.forecast.enough) {
    school.forecast.lines.forEach((line, index) => {
      const point = points[term.day + index];
      if (!point) return;
      point.expected = percent(shareOf(line.expected, school.billed));
      point.band = [percent(shareOf(line.low, school.billed)), percent(shareOf(line.high, school.billed))];
    });
  }
  return points;
}

interface WaveMark {
  /** The chart's day of term (day 1 first) and the share the wave's term had collected by it, in percent. */
  day: number;
  share: number;
  date: string;
  people: number;
  term: string;
}

/**
 * Each reminder wave as a mark on the curve of the term it was sent in (this term up to today, or
 * a past term shown), at its day of term: what the curve does after the mark is the wave's effect.
 * A wave outside every term shown has no curve to sit on and is left off.
 */
export function waveMarks(school: SchoolForecast, waves: ForecastDebtors['reminder_waves']): WaveMark[] {
  const term = school.term;
  if (!term) return [];
  const curves = [
    { name: termName(term), startsOn: term.starts_on, curve: school.curve },
    ...school.past_terms.map((past) => ({ name: termName(past), startsOn: past.starts_on, curve: past.curve })),
  ];
  return waves.flatMap((wave) => {
    for (const { name, startsOn, curve } of curves) {
      const day = daysUntil(wave.date, startsOn);
      const share = day >= 0 ? curve[day] : undefined;
      if (share !== undefined)
        return [{ day: day + 1, share: percent(share), date: wave.date, people: wave.people, term: name }];
    }
    return [];
  });
}

/** The group's line: what its schools billed and collected this term, and expect by each term's end. */
export function groupSummary(schools: readonly SchoolForecast[]) {
  let billed = 0n;
  let collected = 0n;
  let expected = 0n;
  let low = 0n;
  let high = 0n;
  let forecast = 0;
  for (const school of schools) {
    billed += school.billed;
    collected += school.collected;
    const end = expectedByEnd(school);
    if (!end) continue;
    forecast += 1;
    expected += end.expected;
    low += end.low;
    high += end.high;
  }
  return { billed, collected, expected, low, high, forecast, without: schools.length - forecast };
}

export interface Shortfall {
  day: string;
  labels: string[];
  text: string;
}

/**
 * Each day the low line does not cover what falls due, named by what is due that day:
 * "Staff salaries on 25 Dec 2026: not covered at the low forecast".
 */
export function shortfalls(weeks: readonly Week[]): Shortfall[] {
  return weeks.flatMap((week) =>
    week.uncovered_days.map((day) => {
      const labels = week.outgoings.filter((outgoing) => outgoing.due_on === day).map((outgoing) => outgoing.label);
      const what = labels.length > 0 ? listOf(labels) : 'What is due';
      return { day, labels, text: `${what} on ${formatCalendarDate(day)}: not covered at the low forecast` };
    }),
  );
}

/** "Rent", "Rent and Salaries", "Rent, Loan and Salaries". */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** "1st", "2nd", "23rd", "31st". */
export function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${{ 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th'}`;
}

/** "On the 25th of each month, from Dec 2026" or "…, Dec 2026 to Mar 2027". */
export function scheduleOf(commitment: Pick<Commitment, 'day_of_month' | 'starts_on' | 'ends_on'>) {
  const when = `On the ${ordinal(commitment.day_of_month)} of each month`;
  return commitment.ends_on
    ? `${when}, ${formatMonth(commitment.starts_on)} to ${formatMonth(commitment.ends_on)}`
    : `${when}, from ${formatMonth(commitment.starts_on)}`;
}
