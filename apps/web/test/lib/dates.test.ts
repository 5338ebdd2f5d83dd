import { describe, expect, it } from 'vitest';
import { formatDate, formatDateRange, formatDateTime, formatLongDay, formatMonth, formatTime } from '@/lib/dates';

describe('dates on screen', () => {
  it('keeps the day of a calendar date whatever the zone', () => {
    expect(formatDate('2026-01-01')).toBe('1 Jan 2026');
    expect(formatDateRange({ startDate: '2026-09-07', endDate: '2026-12-18' })).toBe('7 Sept 2026 – 18 Dec 2026');
  });

  it('reads an instant in Lagos, an hour ahead of UTC', () => {
    expect(formatDateTime('2026-11-23T23:30:00Z')).toBe('24 Nov 2026, 00:30');
    expect(formatLongDay(new Date('2026-11-23T23:30:00Z'))).toBe('Tuesday, 24 November 2026');
    expect(formatTime('2026-11-23T23:30:00Z')).toBe('00:30');
    expect(formatTime(new Date('2026-11-23T07:05:00Z'))).toBe('08:05');
  });

  it('names a month and gives back text that is not a date', () => {
    expect(formatMonth('2026-11')).toBe('Nov 2026');
    expect(formatMonth('later')).toBe('later');
    expect(formatDateTime('unknown')).toBe('unknown');
    expect(formatDate('unknown')).toBe('unknown');
    expect(formatTime('unknown')).toBe('unknown');
  });
});
