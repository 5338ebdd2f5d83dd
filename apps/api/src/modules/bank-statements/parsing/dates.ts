import type { StatementDateOrder as DateOrder } from '@schoolledger/domain';

/*
 * Statement dates as Nigerian banks print them: 05/09/2026, 05-09-2026, 05-Sep-2026, 05 Sep 2026,
 * Sep 05, 2026, 2026-09-05, two-digit years, often followed by a time. Only all-numeric dates with
 * the year last are ambiguous (05/09/2026 is 5 September in DMY, the Nigerian default, and
 * 9 May in MDY); the mapping's date order settles those. A date that does not exist (31/02/2026)
 * is refused, never moved to the nearest real day.
 */

export type DateReading = { iso: string } | { problem: string };

/*
 * Each pattern is anchored and its quantified parts are separated by characters they cannot share,
 * so none backtracks more than a constant at each position. Anything after a space or `T` (a time,
 * "10:22:13 AM") is ignored.
 */
const NUMERIC = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})(?:[ T].*)?$/;
const DAY_MONTH_YEAR = /^(\d{1,2})[-/ .]?([A-Z]{3,9})\.?[-/ .,]*(\d{4}|\d{2})(?:[ T].*)?$/;
const MONTH_DAY_YEAR = /^([A-Z]{3,9})\.?[-/ .]?(\d{1,2}),?[-/ .]*(\d{4}|\d{2})(?:[ T].*)?$/;

const MONTHS = [
  'JANUARY',
  'FEBRUARY',
  'MARCH',
  'APRIL',
  'MAY',
  'JUNE',
  'JULY',
  'AUGUST',
  'SEPTEMBER',
  'OCTOBER',
  'NOVEMBER',
  'DECEMBER',
];

/** 1-12 for a month's name or its abbreviation of three letters or more (SEP, SEPT), else 0. */
const monthNumber = (word: string) => MONTHS.findIndex((name) => name.startsWith(word)) + 1;

/** Statements of the years 2000-2099; a two-digit year is one of them too. */
function fullYear(text: string): number | null {
  if (text.length === 2) return 2000 + Number(text);
  if (text.length !== 4) return null;
  const year = Number(text);
  return year >= 2000 && year <= 2099 ? year : null;
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, '0');

function dayOf(year: number | null, month: number, day: number, text: string): DateReading {
  if (year === null) return { problem: `The date “${text}” is not in the years 2000 to 2099.` };
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) {
    return { problem: `The date “${text}” is not a real date.` };
  }
  return { iso: `${year}-${pad(month)}-${pad(day)}` };
}

/** Which of the three numbers is the year, month and day, by where the four-digit year sits. */
function numericParts(a: string, b: string, c: string, order: DateOrder) {
  if (a.length === 4) return { year: a, month: b, day: c };
  if (c.length === 4 || order !== 'YMD') {
    // A year written last cannot be YMD; such a file falls back to the Nigerian day-first order.
    return order === 'MDY' ? { year: c, month: a, day: b } : { year: c, month: b, day: a };
  }
  return { year: a, month: b, day: c };
}

export function readDate(raw: string, order: DateOrder): DateReading {
  const text = raw.trim();
  const upper = text.toUpperCase();
  const numeric = NUMERIC.exec(upper);
  if (numeric) {
    const [, a = '', b = '', c = ''] = numeric;
    if (a.length === 3 || c.length === 1 || c.length === 3) return unreadable(text);
    const { year, month, day } = numericParts(a, b, c, order);
    if (year.length !== 2 && year.length !== 4) return unreadable(text);
    return dayOf(fullYear(year), Number(month), Number(day), text);
  }
  const dayFirst = DAY_MONTH_YEAR.exec(upper);
  if (dayFirst) {
    const [, day = '', month = '', year = ''] = dayFirst;
    const monthNo = monthNumber(month);
    return monthNo ? dayOf(fullYear(year), monthNo, Number(day), text) : unreadable(text);
  }
  const monthFirst = MONTH_DAY_YEAR.exec(upper);
  if (monthFirst) {
    const [, month = '', day = '', year = ''] = monthFirst;
    const monthNo = monthNumber(month);
    return monthNo ? dayOf(fullYear(year), monthNo, Number(day), text) : unreadable(text);
  }
  return unreadable(text);
}

const unreadable = (text: string): DateReading => ({ problem: `The date “${text}” could not be read.` });

/**
 * The order of a column's numeric dates: a first number above 12 can only be a day (DMY), a
 * second above 12 only a day after the month (MDY). Dates with the year first are YMD. Nothing
 * decisive, or evidence both ways, leaves the Nigerian default, DMY.
 */
export function guessDateOrder(values: readonly string[]): DateOrder {
  let dayFirst = 0;
  let monthFirst = 0;
  let yearFirst = 0;
  for (const value of values) {
    const match = NUMERIC.exec(value.trim());
    if (!match) continue;
    const [, a = '', b = ''] = match;
    if (a.length === 4) yearFirst++;
    else if (Number(a) > 12) dayFirst++;
    else if (Number(b) > 12) monthFirst++;
  }
  if (monthFirst > 0 && dayFirst === 0) return 'MDY';
  if (yearFirst > 0 && dayFirst === 0 && monthFirst === 0) return 'YMD';
  return 'DMY';
}

/** An Excel date cell: the workbook's serial day is read by exceljs as UTC midnight. */
export const isoOfDateCell = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
