import { schoolForecastSchema } from '@schoolledger/domain';
import { describe, expect, it } from 'vitest';
import {
  chartPoints,
  compareWithLastYear,
  comparisonText,
  expectedByEnd,
  groupSummary,
  listOf,
  ordinal,
  scheduleOf,
  shortfalls,
  waveMarks,
} from '@/features/forecast/lib/forecast-view';

const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

/** A school's forecast as the API sends it (naira on the wire), parsed as the page parses it. */
function school(overrides: Record<string, unknown> = {}) {
  return schoolForecastSchema.parse({
    school: { _id: ID(1), name: 'Crestview College, Ikeja' },
    term: {
      _id: ID(2),
      name: 'First Term',
      session: '2026/2027',
      starts_on: '2026-09-07',
      ends_on: '2026-09-11',
      day: 2,
      days: 5,
    },
    billed: 1000,
    collected: 300,
    curve: [0.1, 0.2, 0.3],
    past_terms: [
      {
        _id: ID(3),
        name: 'First Term',
        session: '2025/2026',
        starts_on: '2025-09-08',
        ends_on: '2025-09-12',
        billed: 800,
        collected: 720,
        curve: [0.2, 0.3, 0.4, 0.8, 0.9],
        same_term_last_year: true,
      },
      {
        _id: ID(4),
        name: 'Third Term',
        session: '2025/2026',
        starts_on: '2026-04-27',
        ends_on: '2026-04-30',
        billed: 800,
        collected: 640,
        curve: [0.1, 0.2, 0.5, 0.8],
        same_term_last_year: false,
      },
    ],
    forecast: {
      enough: true,
      past_terms: 2,
      lines: [
        { date: '2026-09-09', expected: 300, low: 300, high: 300 },
        { date: '2026-09-10', expected: 600, low: 500, high: 700 },
        { date: '2026-09-11', expected: 800, low: 650.5, high: 900 },
      ],
    },
    accuracy: [],
    cash_flow: { opening: 0, weeks: [] },
    ...overrides,
  });
}

describe('the forecast page', () => {
  it('reads the expected amount by term end, with its band, from the last line', () => {
    expect(expectedByEnd(school())).toEqual({ expected: 80_000n, low: 65_050n, high: 90_000n });
    expect(expectedByEnd(school({ forecast: { enough: false, past_terms: 1, lines: [] } }))).toBeNull();
  });

  it('says this term is behind last year on the same day of term, with both shares', () => {
    const comparison = compareWithLastYear(school());
    expect(comparison?.verdict).toBe('behind');
    expect(comparisonText(comparison!)).toBe(
      'Behind last year: 30.0% collected by day 3 of term, against 40.0% by the same day of First Term 2025/2026.',
    );
    const ahead = compareWithLastYear(school({ curve: [0.1, 0.2, 0.45] }));
    expect(ahead?.verdict).toBe('ahead');
    expect(compareWithLastYear(school({ curve: [0.1, 0.2, 0.4] }))?.verdict).toBe('level');
  });

  it('makes no comparison without the same term of last year', () => {
    const past = school().past_terms.map((term) => ({ ...term, same_term_last_year: false }));
    expect(compareWithLastYear({ ...school(), past_terms: past })).toBeNull();
  });

  it('draws every term by day of term as a share of its own bill, and the forecast band from today', () => {
    const points = chartPoints(school());
    expect(points.map((point) => point.day)).toEqual([1, 2, 3, 4, 5]);
    expect(points.map((point) => point.current)).toEqual([10, 20, 30, undefined, undefined]);
    expect(points.map((point) => point[ID(3)])).toEqual([20, 30, 40, 80, 90]);
    expect(points.map((point) => point[ID(4)])).toEqual([10, 20, 50, 80, undefined]);
    expect(points.map((point) => point.expected)).toEqual([undefined, undefined, 30, 60, 80]);
    expect(points.map((point) => point.band)).toEqual([undefined, undefined, [30, 30], [50, 70], [65.1, 90]]);
  });

  it('sums the group, counting expected only over the schools with a forecast', () => {
    const without = school({ billed: 500, collected: 100, forecast: { enough: false, past_terms: 0, lines: [] } });
    expect(groupSummary([school(), without])).toEqual({
      billed: 150_000n,
      collected: 40_000n,
      expected: 80_000n,
      low: 65_050n,
      high: 90_000n,
      forecast: 1,
      without: 1,
    });
  });

  it('names what falls due on each day the low line does not cover', () => {
    const week = (uncovered: string[]) => ({
      starts_on: '2026-12-21',
      ends_on: '2026-12-27',
      expected_in: 0,
      low_in: 0,
      high_in: 0,
      out: 1_300_000,
      outgoings: [
        { kind: 'commitment', label: 'Staff salaries', due_on: '2026-12-25', amount: 1_000_000 },
        { kind: 'commitment', label: 'Rent', due_on: '2026-12-25', amount: 200_000 },
        { kind: 'expense', label: 'Generator diesel', due_on: '2026-12-21', amount: 100_000 },
      ],
      expected_balance: -500_000,
      low_balance: -600_000,
      uncovered_days: uncovered,
    });
    const { cash_flow } = school({ cash_flow: { opening: 800_000, weeks: [week([]), week(['2026-12-25'])] } });
    expect(shortfalls(cash_flow.weeks).map((gap) => gap.text)).toEqual([
      'Staff salaries and Rent on 25 Dec 2026: not covered at the low forecast',
    ]);
  });

  it('says when a commitment is paid, and until when', () => {
    expect(scheduleOf({ day_of_month: 25, starts_on: '2026-12-01', ends_on: null })).toBe(
      'On the 25th of each month, from Dec 2026',
    );
    expect(scheduleOf({ day_of_month: 1, starts_on: '2026-12-01', ends_on: '2027-03-31' })).toBe(
      'On the 1st of each month, Dec 2026 to Mar 2027',
    );
  });

  it('writes lists and days of the month as people say them', () => {
    expect(listOf(['Rent'])).toBe('Rent');
    expect(listOf(['Rent', 'Loan', 'Salaries'])).toBe('Rent, Loan and Salaries');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 25, 31].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '25th',
      '31st',
    ]);
  });

  it('marks each reminder wave on the curve of the term it went out in, at its day of term', () => {
    const wave = (date: string, people: number) => ({
      date,
      people,
      collected_week_before: 0n,
      collected_week_after: 0n,
    });
    const marks = waveMarks(school(), [
      wave('2026-09-08', 12),
      wave('2025-09-11', 30),
      wave('2026-04-29', 7),
      wave('2026-06-01', 9),
    ]);
    expect(marks).toEqual([
      // This term's day 2, where it had 20% in.
      { day: 2, share: 20, date: '2026-09-08', people: 12, term: 'First Term 2026/2027' },
      // Last year's First Term, day 4 (80%); the Third Term, day 3 (50%); a holiday wave has no curve.
      { day: 4, share: 80, date: '2025-09-11', people: 30, term: 'First Term 2025/2026' },
      { day: 3, share: 50, date: '2026-04-29', people: 7, term: 'Third Term 2025/2026' },
    ]);
    expect(waveMarks(school({ term: null }), [])).toEqual([]);
  });
});
