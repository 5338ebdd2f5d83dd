import type { ReportSchedule } from '@schoolledger/domain';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** 7 → "07:00": schedules run on the hour, Lagos time. */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** "Weekly on Monday at 07:00" or "Monthly on the 1st at 07:00". */
export function scheduleWording({ frequency, weekday, hour }: Pick<ReportSchedule, 'frequency' | 'weekday' | 'hour'>) {
  const at = hourLabel(hour);
  return frequency === 'weekly' ? `Weekly on ${WEEKDAYS[weekday] ?? 'Monday'} at ${at}` : `Monthly on the 1st at ${at}`;
}
