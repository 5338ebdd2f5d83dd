import { addDays, type ReportFrequency } from '@schoolledger/domain';

/** Nigeria keeps West Africa Time all year: Lagos wall-clock is UTC + 1 hour, with no daylight saving. */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const DAY_MS = 86_400_000;

export interface ScheduleTiming {
  frequency: ReportFrequency;
  /** 0 Sunday to 6 Saturday (weekly). */
  weekday: number;
  /** Lagos hour, 0 to 23. */
  hour: number;
}

/** The first time strictly after `after` that the schedule is due: weekly on its weekday, monthly on the 1st. */
export function nextScheduledRun(timing: ScheduleTiming, after: Date): Date {
  const wall = new Date(after.getTime() + LAGOS_OFFSET_MS);
  const at = (year: number, month: number, day: number) =>
    new Date(Date.UTC(year, month, day, timing.hour) - LAGOS_OFFSET_MS);
  if (timing.frequency === 'monthly') {
    const thisMonth = at(wall.getUTCFullYear(), wall.getUTCMonth(), 1);
    return thisMonth > after ? thisMonth : at(wall.getUTCFullYear(), wall.getUTCMonth() + 1, 1);
  }
  const ahead = (timing.weekday - wall.getUTCDay() + 7) % 7;
  const candidate = at(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() + ahead);
  return candidate > after ? candidate : new Date(candidate.getTime() + 7 * DAY_MS);
}

/**
 * The period a scheduled report covers when it was saved without dates: the 7 days before the
 * day it runs (weekly), or the previous calendar month (monthly), in Lagos days.
 */
export function scheduledPeriod(frequency: ReportFrequency, today: string): { from: string; to: string } {
  if (frequency === 'weekly') return { from: addDays(today, -7), to: addDays(today, -1) };
  const lastOfPrevious = addDays(`${today.slice(0, 7)}-01`, -1);
  return { from: `${lastOfPrevious.slice(0, 7)}-01`, to: lastOfPrevious };
}
