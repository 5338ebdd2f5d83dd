/**
 * The term's collections ahead: how much of what a term billed came in by each day since it
 * began, and what this term may still collect, read from the shape of the terms before it. No
 * fitted model: each past term's curve is replayed from today's position, scaled to this term's
 * bill; the middle of those replays is the forecast and the lowest and highest are its band, so
 * anyone can check a line against the terms it came from. Every amount is kobo.
 */
import { addDays, addMonths, type CalendarDate, daysUntil } from './calendar.js';
import type { Kobo } from './money.js';

/** A term's collections: what it billed and the kobo collected by the end of each day since it began (day 0 first). */
export interface TermCurve {
  billedKobo: Kobo;
  /** Cumulative, one entry per day of the term; a refund can make a day's total lower than the day before. */
  collectedKobo: Kobo[];
}

/** Money in on a day: a payment (positive) or a refund (negative). */
export interface DatedAmount {
  on: CalendarDate;
  amountKobo: Kobo;
}

/** Days in a term, its first and last day both counted. */
export const termLength = ({ startsOn, endsOn }: { startsOn: CalendarDate; endsOn: CalendarDate }) =>
  Math.max(1, daysUntil(endsOn, startsOn) + 1);

/**
 * A term's curve from its payments: money paid before the term began counts on its first day
 * (families who pay before resumption); money after its last day is not on the curve.
 */
export function collectionCurve({
  startsOn,
  endsOn,
  billedKobo,
  payments,
}: {
  startsOn: CalendarDate;
  endsOn: CalendarDate;
  billedKobo: Kobo;
  payments: readonly DatedAmount[];
}): TermCurve {
  const days = termLength({ startsOn, endsOn });
  const byDay = new Array<Kobo>(days).fill(0n);
  for (const payment of payments) {
    const day = Math.max(0, daysUntil(payment.on, startsOn));
    if (day < days) byDay[day]! += payment.amountKobo;
  }
  let running = 0n;
  return { billedKobo, collectedKobo: byDay.map((amount) => (running += amount)) };
}

/** Collected by the end of `day`: before the term, nothing; past a shorter term's end, its last total. */
export function collectedBy(curve: TermCurve, day: number): Kobo {
  if (day < 0 || curve.collectedKobo.length === 0) return 0n;
  return curve.collectedKobo[Math.min(day, curve.collectedKobo.length - 1)]!;
}

/** The share of the bill collected by `day`, 0 to 1 (a term that billed nothing has collected all of it). */
export function shareBy(curve: TermCurve, day: number): number {
  if (curve.billedKobo <= 0n) return 1;
  // Ten-thousandths in bigint, then a number: exact enough for a chart, never a float of kobo.
  return Number((collectedBy(curve, day) * 10_000n) / curve.billedKobo) / 10_000;
}

/** At least this many past terms of a school before it forecasts: one term is an anecdote, not a shape. */
export const MIN_PAST_TERMS = 2;

export interface ForecastDay {
  /** Days since the term began. */
  day: number;
  expectedKobo: Kobo;
  lowKobo: Kobo;
  highKobo: Kobo;
}

export type TermForecast =
  | { enough: false; pastTerms: number }
  | { enough: true; pastTerms: number; days: ForecastDay[] };

const clamp = (value: Kobo, low: Kobo, high: Kobo) => (value < low ? low : value > high ? high : value);

/** The middle of sorted values; of an even count, the lower of the two middles' mean, in whole kobo. */
function median(sorted: readonly Kobo[]): Kobo {
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle]!;
  const sum = sorted[middle - 1]! + sorted[middle]!;
  // Floor division for negatives too (bigint division truncates toward zero).
  return sum >= 0n ? sum / 2n : (sum - 1n) / 2n;
}

/**
 * This term from `today` (days since it began) to its last day: each past term that billed
 * something adds, to what is already in, what it collected between the same two days as a share of
 * its own bill, times this term's bill. Each replay stays between nothing and the whole bill. The
 * forecast is their median, the band their lowest and highest. A term that repeats a past one
 * exactly is forecast exactly.
 */
export function forecastTerm({
  billedKobo,
  collectedKobo,
  today,
  termDays,
  pastTerms,
}: {
  billedKobo: Kobo;
  /** Collected so far, by the end of `today`. */
  collectedKobo: Kobo;
  today: number;
  termDays: number;
  pastTerms: readonly TermCurve[];
}): TermForecast {
  const usable = pastTerms.filter((term) => term.billedKobo > 0n && term.collectedKobo.length > 0);
  if (usable.length < MIN_PAST_TERMS) return { enough: false, pastTerms: usable.length };
  const ceiling = billedKobo > collectedKobo ? billedKobo : collectedKobo;
  const days: ForecastDay[] = [];
  for (let day = Math.max(0, today); day < termDays; day++) {
    const replays = usable
      .map((term) => {
        const ahead = collectedBy(term, day) - collectedBy(term, today);
        return clamp(collectedKobo + (billedKobo * ahead) / term.billedKobo, 0n, ceiling);
      })
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    days.push({ day, expectedKobo: median(replays), lowKobo: replays[0]!, highKobo: replays.at(-1)! });
  }
  return { enough: true, pastTerms: usable.length, days };
}

/** How the method did on a closed term, forecast from the terms before it as if it were `atDay` of that term. */
export interface BacktestResult {
  /** Index of the term in the list given. */
  term: number;
  forecastKobo: Kobo;
  lowKobo: Kobo;
  highKobo: Kobo;
  actualKobo: Kobo;
  /** (forecast − actual) over the bill, in ten-thousandths: 125 is 1.25% of the bill over. */
  errorBasisPoints: number;
  withinBand: boolean;
}

/**
 * The same method on the terms already closed (oldest first): each with enough terms before it is
 * forecast to its last day from its own position on `atDay`, beside what it really collected.
 */
export function backtest({ terms, atDay }: { terms: readonly TermCurve[]; atDay: number }): BacktestResult[] {
  const results: BacktestResult[] = [];
  terms.forEach((term, index) => {
    if (term.billedKobo <= 0n) return;
    const termDays = term.collectedKobo.length;
    const today = Math.min(atDay, termDays - 1);
    const forecast = forecastTerm({
      billedKobo: term.billedKobo,
      collectedKobo: collectedBy(term, today),
      today,
      termDays,
      pastTerms: terms.slice(0, index),
    });
    if (!forecast.enough) return;
    const last = forecast.days.at(-1)!;
    const actualKobo = collectedBy(term, termDays - 1);
    results.push({
      term: index,
      forecastKobo: last.expectedKobo,
      lowKobo: last.lowKobo,
      highKobo: last.highKobo,
      actualKobo,
      errorBasisPoints: Number(((last.expectedKobo - actualKobo) * 10_000n) / term.billedKobo),
      withinBand: last.lowKobo <= actualKobo && actualKobo <= last.highKobo,
    });
  });
  return results;
}

/** Money a school must pay out: an approved expense on its due day, or a commitment it records. */
export interface Outgoing {
  dueOn: CalendarDate;
  amountKobo: Kobo;
  label: string;
}

/** A payment the school makes every month on the same day (salaries on the 25th, rent, a loan). */
export interface MonthlyCommitment {
  label: string;
  amountKobo: Kobo;
  /** 1 to 31; a shorter month pays on its last day. */
  dayOfMonth: number;
}

/** The days a monthly commitment falls due from `from` to `to`, both included. */
export function commitmentDates({
  dayOfMonth,
  from,
  to,
}: {
  dayOfMonth: number;
  from: CalendarDate;
  to: CalendarDate;
}): CalendarDate[] {
  const dates: CalendarDate[] = [];
  // Counted from the 1st of from's month so a 31st lands on each month's last day, never drifts.
  const firstOfMonth = `${from.slice(0, 7)}-01`;
  for (let month = 0; ; month++) {
    const start = addMonths(firstOfMonth, month);
    if (start > to) break;
    const nextStart = addMonths(firstOfMonth, month + 1);
    const lastDay = Number(addDays(nextStart, -1).slice(8, 10));
    const due = `${start.slice(0, 8)}${String(Math.min(dayOfMonth, lastDay)).padStart(2, '0')}`;
    if (due >= from && due <= to) dates.push(due);
  }
  return dates;
}

/**
 * What is left of a term's budget (neither spent nor owed on approved expenses), spread over the
 * months from `from` to `to` by their days in that span, each month's part due on its first day
 * in it: the school means to spend it, so the cash flow counts it out before the month's bills
 * come. The parts add up to `leftKobo` exactly (a kobo the split leaves over goes to the earliest months).
 */
export function budgetByMonth({
  leftKobo,
  from,
  to,
}: {
  leftKobo: Kobo;
  from: CalendarDate;
  to: CalendarDate;
}): { dueOn: CalendarDate; amountKobo: Kobo }[] {
  if (leftKobo <= 0n || from > to) return [];
  const months: { dueOn: CalendarDate; days: number }[] = [];
  const firstOfMonth = `${from.slice(0, 7)}-01`;
  for (let month = 0; ; month++) {
    const start = addMonths(firstOfMonth, month);
    if (start > to) break;
    const end = addDays(addMonths(firstOfMonth, month + 1), -1);
    const dueOn = start < from ? from : start;
    months.push({ dueOn, days: daysUntil(end < to ? end : to, dueOn) + 1 });
  }
  const totalDays = BigInt(months.reduce((sum, month) => sum + month.days, 0));
  const parts = months.map((month) => (leftKobo * BigInt(month.days)) / totalDays);
  let rest = leftKobo - parts.reduce((sum, part) => sum + part, 0n);
  for (let index = 0; rest > 0n; index++, rest--) parts[index]! += 1n;
  return months.map((month, index) => ({ dueOn: month.dueOn, amountKobo: parts[index]! }));
}

/** A school's cash flow ahead: its term, the cash it holds, what is in so far, its forecast and what falls due. */
export interface SchoolCashFlowInput<T extends Outgoing> {
  termStartsOn: CalendarDate;
  termEndsOn: CalendarDate;
  openingKobo: Kobo;
  /** Collected so far this term: the forecast's lines start from it. */
  collectedKobo: Kobo;
  forecast: readonly ForecastDay[];
  outgoings: readonly T[];
}

export interface CashFlowWeek<T extends Outgoing = Outgoing> {
  startsOn: CalendarDate;
  endsOn: CalendarDate;
  expectedInKobo: Kobo;
  lowInKobo: Kobo;
  highInKobo: Kobo;
  outKobo: Kobo;
  outgoings: T[];
  /** Cash on hand at the week's end if collections come in as expected, and at the low line. */
  expectedBalanceKobo: Kobo;
  lowBalanceKobo: Kobo;
  /** Days in the week on which what is due passes cash on hand at the low line. */
  uncoveredDays: CalendarDate[];
}

/**
 * Week by week from `today` (the forecast's day 0 is `termStartsOn`) to the term's last day: what
 * is expected in (the forecast's growth over the week, with its low and high lines), what falls
 * due, and the balance from `openingKobo` (cash the school holds today). A day is uncovered when,
 * by its end, the low line's collections and the opening fall short of everything due so far.
 */
export function cashFlowAhead<T extends Outgoing>({
  today,
  termStartsOn,
  termEndsOn,
  openingKobo,
  collectedKobo,
  forecast,
  outgoings,
}: SchoolCashFlowInput<T> & { today: CalendarDate }): CashFlowWeek<T>[] {
  const byDay = new Map(forecast.map((line) => [line.day, line]));
  const lineOn = (date: CalendarDate) => byDay.get(daysUntil(date, termStartsOn));
  const due = [...outgoings]
    .filter((outgoing) => outgoing.dueOn >= today && outgoing.dueOn <= termEndsOn)
    .sort((a, b) => (a.dueOn < b.dueOn ? -1 : a.dueOn > b.dueOn ? 1 : 0));
  const weeks: CashFlowWeek<T>[] = [];
  let expectedBefore = collectedKobo;
  let lowBefore = collectedKobo;
  let highBefore = collectedKobo;
  let paidOut = 0n;
  let next = 0;
  for (let startsOn = today; startsOn <= termEndsOn; startsOn = addDays(startsOn, 7)) {
    const lastDay = addDays(startsOn, 6);
    const endsOn = lastDay < termEndsOn ? lastDay : termEndsOn;
    const week: CashFlowWeek<T> = {
      startsOn,
      endsOn,
      expectedInKobo: 0n,
      lowInKobo: 0n,
      highInKobo: 0n,
      outKobo: 0n,
      outgoings: [],
      expectedBalanceKobo: 0n,
      lowBalanceKobo: 0n,
      uncoveredDays: [],
    };
    let expected = expectedBefore;
    let low = lowBefore;
    let high = highBefore;
    for (let date = startsOn; date <= endsOn; date = addDays(date, 1)) {
      const line = lineOn(date);
      if (line) {
        expected = line.expectedKobo;
        low = line.lowKobo;
        high = line.highKobo;
      }
      while (next < due.length && due[next]!.dueOn === date) {
        const outgoing = due[next++]!;
        week.outgoings.push(outgoing);
        week.outKobo += outgoing.amountKobo;
        paidOut += outgoing.amountKobo;
      }
      if (week.outgoings.some((outgoing) => outgoing.dueOn === date) && openingKobo + low - collectedKobo < paidOut) {
        week.uncoveredDays.push(date);
      }
    }
    week.expectedInKobo = expected - expectedBefore;
    week.lowInKobo = low - lowBefore;
    week.highInKobo = high - highBefore;
    week.expectedBalanceKobo = openingKobo + expected - collectedKobo - paidOut;
    week.lowBalanceKobo = openingKobo + low - collectedKobo - paidOut;
    expectedBefore = expected;
    lowBefore = low;
    highBefore = high;
    weeks.push(week);
  }
  return weeks;
}

/**
 * The group's cash flow from `today` to the last of its schools' term ends: their cash held and
 * forecasts added day by day (a school whose term has ended, or that has no forecast, stays at
 * what its lines last reached), against everything due at any of them within its own term. One
 * school's is its own cash flow exactly.
 */
export function groupCashFlow<T extends Outgoing>({
  today,
  schools,
}: {
  today: CalendarDate;
  schools: readonly SchoolCashFlowInput<T>[];
}): CashFlowWeek<T>[] {
  const running = schools.filter((school) => school.termEndsOn >= today);
  if (running.length === 0) return [];
  const endsOn = running.reduce((last, school) => (school.termEndsOn > last ? school.termEndsOn : last), today);
  let openingKobo = 0n;
  let collectedKobo = 0n;
  const lines: ForecastDay[] = [];
  const cursors = running.map((school) => {
    openingKobo += school.openingKobo;
    collectedKobo += school.collectedKobo;
    const byDate = new Map(school.forecast.map((line) => [addDays(school.termStartsOn, line.day), line]));
    return {
      byDate,
      last: { expectedKobo: school.collectedKobo, lowKobo: school.collectedKobo, highKobo: school.collectedKobo },
    };
  });
  for (let date = today, day = 0; date <= endsOn; date = addDays(date, 1), day++) {
    const line: ForecastDay = { day, expectedKobo: 0n, lowKobo: 0n, highKobo: 0n };
    for (const cursor of cursors) {
      const own = cursor.byDate.get(date);
      if (own) cursor.last = own;
      line.expectedKobo += cursor.last.expectedKobo;
      line.lowKobo += cursor.last.lowKobo;
      line.highKobo += cursor.last.highKobo;
    }
    lines.push(line);
  }
  return cashFlowAhead({
    today,
    termStartsOn: today,
    termEndsOn: endsOn,
    openingKobo,
    collectedKobo,
    forecast: lines,
    outgoings: running.flatMap((school) =>
      school.outgoings.filter((outgoing) => outgoing.dueOn >= today && outgoing.dueOn <= school.termEndsOn),
    ),
  });
}
