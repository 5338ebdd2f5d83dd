import { addDays, type CalendarDate, daysUntil } from './calendar.js';
import type { Kobo } from './money.js';

/*
 * The rules the dashboards share, on both sides: the API computes its figures with them and the
 * web labels its charts with them.
 */

/**
 * Shares of a total in tenths of a percent that add up to exactly 100.0: each part gets its
 * rounded-down share, and the tenths left over go to the largest remainders. Negative parts count
 * as nothing; all zero gives all 0.
 */
export function percentagesOf(amounts: readonly Kobo[]): number[] {
  const weights = amounts.map((amount) => (amount > 0n ? amount : 0n));
  const total = weights.reduce((sum, amount) => sum + amount, 0n);
  if (total === 0n) return weights.map(() => 0);
  const tenths = weights.map((amount) => (amount * 1000n) / total);
  const remainders = weights.map((amount, index) => ({ index, rest: (amount * 1000n) % total }));
  let left = 1000n - tenths.reduce((sum, share) => sum + share, 0n);
  remainders.sort((a, b) => (b.rest > a.rest ? 1 : b.rest < a.rest ? -1 : a.index - b.index));
  for (const { index } of remainders) {
    if (left === 0n) break;
    tenths[index] = tenths[index]! + 1n;
    left -= 1n;
  }
  return tenths.map((share) => Number(share) / 10);
}

/**
 * How much of what was expected has been collected, in percent to one decimal, rounded half up
 * and never above 100; `null` when nothing is expected (a school with no fee this term has no rate,
 * not a rate of 0 or 100).
 */
export function collectionRate(paid: Kobo, expected: Kobo): number | null {
  if (expected <= 0n) return null;
  const capped = paid < 0n ? 0n : paid > expected ? expected : paid;
  return Number((capped * 2000n + expected) / (2n * expected)) / 10;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM of the `count` months ending with the month of `today`, oldest first. */
export function lastMonths(today: CalendarDate, count: number): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return Array.from({ length: count }, (_, index) => {
    const months = year * 12 + (month - 1) - (count - 1 - index);
    return `${Math.floor(months / 12)}-${pad((months % 12) + 1)}`;
  });
}

/** The first day of the `count` months ending with today's month, and today: a trend's range. */
export function lastMonthsRange(today: CalendarDate, count: number): { from: CalendarDate; to: CalendarDate } {
  return { from: `${lastMonths(today, count)[0]!}-01`, to: today };
}

/** The first and last day of the month of a day. */
export function monthOf(today: CalendarDate): { from: CalendarDate; to: CalendarDate } {
  const days = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 0)).getUTCDate();
  return { from: `${today.slice(0, 7)}-01`, to: `${today.slice(0, 7)}-${pad(days)}` };
}

/** SPEC §2 Financial Overview's periods. */
export const FINANCIAL_PERIODS = ['week', 'month', 'quarter', 'year'] as const;
export type FinancialPeriod = (typeof FINANCIAL_PERIODS)[number];

export const FINANCIAL_PERIOD_LABELS: Record<FinancialPeriod, string> = {
  week: 'Last 7 days',
  month: 'This month',
  quarter: 'This quarter',
  year: 'This year',
};

/** SPEC §7's client asks for a number of days up to today (30 by default) rather than a named period. */
export const FINANCIAL_PERIOD_MAX_DAYS = 366;
export type FinancialPeriodOrDays = FinancialPeriod | number;

export function financialPeriodLabel(period: FinancialPeriodOrDays): string {
  if (typeof period === 'string') return FINANCIAL_PERIOD_LABELS[period];
  return period === 1 ? 'Today' : `Last ${period} days`;
}

/** Up to a quarter is drawn day by day, anything longer month by month. */
export function trendUnitOf(period: FinancialPeriodOrDays): 'day' | 'month' {
  if (typeof period === 'number') return period <= 92 ? 'day' : 'month';
  return period === 'week' || period === 'month' ? 'day' : 'month';
}

/**
 * The Lagos days a period covers, up to today, and the same length just before it (for the
 * change against the previous period).
 */
export function periodRange(period: FinancialPeriodOrDays, today: CalendarDate) {
  const year = today.slice(0, 4);
  const quarterStart = Math.floor((Number(today.slice(5, 7)) - 1) / 3) * 3 + 1;
  const from =
    typeof period === 'number'
      ? addDays(today, 1 - period)
      : period === 'week'
        ? addDays(today, -6)
        : period === 'month'
          ? `${today.slice(0, 7)}-01`
          : period === 'quarter'
            ? `${year}-${pad(quarterStart)}-01`
            : `${year}-01-01`;
  const length = daysUntil(today, from) + 1;
  return { from, to: today, previous: { from: addDays(from, -length), to: addDays(from, -1) } };
}
