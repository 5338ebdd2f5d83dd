/**
 * Every date the web shows. Instants (payments, sign-ins, fee history) read in Lagos time whatever
 * the browser's zone, as the school keeps it; calendar dates (due dates, term bounds, birthdays)
 * carry no zone, so they are formatted at UTC midnight and keep their day. Text that is not a date
 * is shown as sent.
 */
import { formatCalendarDate, LAGOS } from '@schoolledger/domain';

const monthYear = new Intl.DateTimeFormat('en-NG', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-NG', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: LAGOS,
});
const dateTime = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short', timeZone: LAGOS });
const time = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: LAGOS,
});
const longDateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: LAGOS,
});

function format(formatter: Intl.DateTimeFormat, date: Date, fallback: string) {
  return Number.isNaN(date.getTime()) ? fallback : formatter.format(date);
}

/** '21 Nov 2026' from '2026-11-21' or a timestamp whose first ten characters are that day. */
export const formatDate = formatCalendarDate;

export const formatDateRange = (period: { startDate: string; endDate: string }) =>
  `${formatDate(period.startDate)} – ${formatDate(period.endDate)}`;

/** 'Nov 2026' from a 'YYYY-MM' month. */
export const formatMonth = (month: string) =>
  /^\d{4}-\d{2}/.test(month) ? format(monthYear, new Date(`${month.slice(0, 7)}-01T00:00:00Z`), month) : month;

/** 'Saturday, 21 November 2026': the day it is in Lagos at that instant. */
export const formatLongDay = (at: Date) => longDay.format(at);

/** '21 Nov 2026, 14:05' in Lagos. */
export const formatDateTime = (timestamp: string) => format(dateTime, new Date(timestamp), timestamp);

/** '21 November 2026, 14:05' in Lagos, as a receipt's check page spells the payment time out. */
export const formatLongDateTime = (timestamp: string) => format(longDateTime, new Date(timestamp), timestamp);

/** '14:05' in Lagos, the 24-hour clock the school keeps. */
export const formatTime = (at: Date | string) => format(time, typeof at === 'string' ? new Date(at) : at, String(at));
