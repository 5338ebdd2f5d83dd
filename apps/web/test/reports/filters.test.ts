import { describe, expect, it } from 'vitest';
import { defaultsHint, scheduleDefaultsHint } from '@/features/reports/lib/defaults-hint';
import { checkFilters, serverFilterErrors } from '@/features/reports/lib/filter-errors';
import { describeFilters } from '@/features/reports/lib/filter-summary';
import { ApiError } from '@/lib/api-client';

const STUDENT = '3f1c2a9e-5b7d-4c1a-9e2f-1a2b3c4d5e6f';

describe("a report's filters", () => {
  it('asks for a required filter and refuses dates that cross, before the server is asked', () => {
    expect(checkFilters({}, ['studentId'])).toEqual({ studentId: 'Choose a student' });
    expect(checkFilters({ studentId: STUDENT }, ['studentId'])).toEqual({});
    expect(checkFilters({ from: '2026-02-01', to: '2026-01-01' }, [])).toEqual({
      to: 'The end date must be on or after the start date',
    });
  });

  it("puts the server's field errors under the filter they name", () => {
    const error = new ApiError(422, 'Invalid input', [
      { field: 'filters.to', message: 'A report covers at most 5 years' },
      { field: 'emailTo', message: 'Invalid email address' },
    ]);
    expect(serverFilterErrors(error)).toEqual({ to: 'A report covers at most 5 years' });
    expect(serverFilterErrors(new Error('network'))).toEqual({});
  });

  it('describes a file by the names of its filters and its dates', () => {
    expect(describeFilters({}, {})).toBe('Default filters');
    expect(
      describeFilters(
        { schoolId: 'a', termId: 'b', from: '2026-09-01', to: '2026-09-30' },
        { schoolId: 'Crown Valley College', termId: 'First Term 2026/2027' },
      ),
    ).toBe('School: Crown Valley College · Term: First Term 2026/2027 · 1 Sept 2026 – 30 Sept 2026');
    expect(describeFilters({ to: '2026-09-30', classArmId: 'c' }, {})).toBe('Class arm: … · Up to 30 Sept 2026');
  });
});

describe('what an empty filter means', () => {
  it('names the period a report covers without dates, and the term a term report takes', () => {
    expect(defaultsHint(['schoolId', 'sessionId', 'termId', 'classArmId', 'from', 'to'])).toBe(
      'Without dates, a term or a session, the report covers the last 30 days.',
    );
    expect(defaultsHint(['schoolId', 'from', 'to'])).toBe('Without dates, the report covers the last 30 days.');
    expect(defaultsHint(['schoolId', 'termId', 'classArmId'])).toBe(
      'Without a term, the report covers the current term.',
    );
    expect(defaultsHint(['schoolId'])).toBeNull();
  });
});

describe('what a schedule without dates covers', () => {
  it('is the week or the calendar month before each email, for a report of a period', () => {
    expect(scheduleDefaultsHint(['schoolId', 'from', 'to'], 'weekly')).toBe(
      'Without dates, each email covers the 7 days before it is sent.',
    );
    expect(scheduleDefaultsHint(['schoolId', 'from', 'to'], 'monthly')).toBe(
      'Without dates, each email covers the calendar month before it is sent.',
    );
    expect(scheduleDefaultsHint(['schoolId', 'termId'], 'weekly')).toBeNull();
  });
});
