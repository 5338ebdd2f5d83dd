import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysUntil, dueLabel, effectiveDueDate, formatCalendarDate, todayIn } from '../src/index.js';

const day = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

describe('calendar dates', () => {
  it('counts back exactly the days it added, across months, leap years and centuries', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: -4000, max: 4000 }), (date, days) => {
        const later = addDays(date, days);
        expect(later).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(daysUntil(later, date)).toBe(days);
      }),
    );
  });

  it('crosses the end of February in a leap year and in a common year', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2027-01-10', -30)).toBe('2026-12-11');
  });

  it('takes today in Lagos, an hour ahead of UTC, whatever the zone of the machine', () => {
    expect(todayIn(undefined, new Date('2026-11-23T22:59:00Z'))).toBe('2026-11-23');
    expect(todayIn(undefined, new Date('2026-11-23T23:00:00Z'))).toBe('2026-11-24');
    expect(todayIn('UTC', new Date('2026-11-23T23:00:00Z'))).toBe('2026-11-23');
  });

  it('formats a day without shifting it, and gives back text that is not a date', () => {
    expect(formatCalendarDate('2026-03-01')).toBe('1 Mar 2026');
    expect(formatCalendarDate('2026-03-01T23:30:00.000Z')).toBe('1 Mar 2026');
    expect(formatCalendarDate('soon')).toBe('soon');
  });

  it('falls back to the term end less 30 days, then to creation plus 60, for the due date', () => {
    expect(effectiveDueDate({ dueDate: null, termEndDate: '2026-12-18', createdAt: '2026-09-01' })).toBe('2026-11-18');
    expect(effectiveDueDate({ dueDate: null, termEndDate: null, createdAt: '2026-12-15' })).toBe('2027-02-13');
    expect(dueLabel('2027-02-13', '2026-11-24')).toBe('13 Feb 2027');
  });
});
