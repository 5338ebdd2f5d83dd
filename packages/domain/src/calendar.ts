import { TZDate, tz } from '@date-fns/tz';
// One module each rather than the package's index: Node reads date-fns's 200 KB package.json anew
// for every module it loads, and the index loads some 250 of them (1.5 s of every process's start).
import { addMonths as addMonthsTo } from 'date-fns/addMonths';
import { formatISO } from 'date-fns/formatISO';

/** A day on the calendar, 'YYYY-MM-DD', with no time and no zone: due dates, term bounds, birthdays. */
export type CalendarDate = string;

/** The schools' time zone: "today" and every instant shown are Lagos time. */
export const LAGOS = 'Africa/Lagos';

// Calendar dates are read and written in UTC, the one zone where every day is 24 hours long.
const inUtc = { in: tz('UTC') };
const dayOf = (date: CalendarDate) => new TZDate(`${date.slice(0, 10)}T00:00:00Z`, 'UTC');
const calendarDate = (date: Date): CalendarDate => formatISO(date, { representation: 'date' });

/** Today's calendar date in a time zone (Nigeria by default). */
export const todayIn = (timeZone = LAGOS, now = new Date()): CalendarDate => calendarDate(new TZDate(now, timeZone));

const DAY_MS = 86_400_000;
/** Midnight UTC of a calendar date, in milliseconds: plain arithmetic, as every UTC day has 24 hours. */
const utcMidnight = (date: CalendarDate) => Date.parse(`${date.slice(0, 10)}T00:00:00Z`);

/**
 * The calendar date `days` after another (before, when negative). By hand on UTC milliseconds
 * rather than through a time-zone-aware date: the forecast walks every day of every term with it,
 * and a zoned date's offset look-ups cost a millisecond per hundred calls.
 */
export const addDays = (date: CalendarDate, days: number): CalendarDate =>
  new Date(utcMidnight(date) + days * DAY_MS).toISOString().slice(0, 10);

/** The same day `months` later; the month's last day when it is shorter (31 January + 1 is 28 or 29 February). */
export const addMonths = (date: CalendarDate, months: number): CalendarDate =>
  calendarDate(addMonthsTo(dayOf(date), months, inUtc));

/** Whole days from `today` to `date` (negative when past), on calendar dates. */
export const daysUntil = (date: CalendarDate, today: CalendarDate): number =>
  (utcMidnight(date) - utcMidnight(today)) / DAY_MS;

const dayMonthYear = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '21 Nov 2026' from '2026-11-21' (or a timestamp whose first ten characters are that day). */
export const formatCalendarDate = (date: CalendarDate): string => {
  const day = dayOf(date);
  return Number.isNaN(day.getTime()) ? date : dayMonthYear.format(day);
};
