import { describe, expect, it } from 'vitest';
import { hourLabel, scheduleWording } from '@/features/reports/lib/schedule-wording';

describe('how a schedule reads', () => {
  it('names the weekday and the hour of a weekly one', () => {
    expect(scheduleWording({ frequency: 'weekly', weekday: 1, hour: 7 })).toBe('Weekly on Monday at 07:00');
    expect(scheduleWording({ frequency: 'weekly', weekday: 0, hour: 18 })).toBe('Weekly on Sunday at 18:00');
  });

  it('sends a monthly one on the 1st, whatever weekday it carries', () => {
    expect(scheduleWording({ frequency: 'monthly', weekday: 4, hour: 7 })).toBe('Monthly on the 1st at 07:00');
  });

  it('writes the hour on the 24-hour clock', () => {
    expect(hourLabel(0)).toBe('00:00');
    expect(hourLabel(23)).toBe('23:00');
  });
});
