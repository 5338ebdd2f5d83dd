import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../src/calendar.js';
import {
  backtest,
  budgetByMonth,
  cashFlowAhead,
  collectedBy,
  collectionCurve,
  commitmentDates,
  forecastTerm,
  groupCashFlow,
  shareBy,
  type TermCurve,
} from '../src/forecast.js';

/** A term's curve: a bill and daily takings (some days nothing), cumulative, never past the bill. */
const curveArbitrary = (days: number) =>
  fc
    .tuple(
      fc.bigInt({ min: 1n, max: 10_000_000_000n }),
      fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: days, maxLength: days }),
    )
    .map(([billedKobo, weights]): TermCurve => {
      const total = weights.reduce((sum, weight) => sum + weight, 0) || 1;
      let running = 0n;
      let weightSoFar = 0;
      // Up to the whole bill by the last day, in whole kobo.
      const collectedKobo = weights.map((weight) => {
        weightSoFar += weight;
        running = (billedKobo * BigInt(weightSoFar)) / BigInt(total);
        return running;
      });
      return { billedKobo, collectedKobo };
    });

describe('collectionCurve', () => {
  it('counts money paid before the term on its first day, leaves out money after its last, and adds up by day', () => {
    const curve = collectionCurve({
      startsOn: '2026-09-14',
      endsOn: '2026-09-18',
      billedKobo: 100_000n,
      payments: [
        { on: '2026-09-01', amountKobo: 20_000n },
        { on: '2026-09-14', amountKobo: 5_000n },
        { on: '2026-09-16', amountKobo: 30_000n },
        { on: '2026-09-17', amountKobo: -5_000n },
        { on: '2026-09-25', amountKobo: 40_000n },
      ],
    });
    expect(curve).toEqual({ billedKobo: 100_000n, collectedKobo: [25_000n, 25_000n, 55_000n, 50_000n, 50_000n] });
    expect(shareBy(curve, 2)).toBe(0.55);
    expect(collectedBy(curve, 99)).toBe(50_000n);
    expect(collectedBy(curve, -1)).toBe(0n);
  });
});

describe('forecastTerm', () => {
  it('forecasts a term that repeats a past one exactly, exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 90 }).chain((days) =>
          fc.record({
            days: fc.constant(days),
            term: curveArbitrary(days),
            other: curveArbitrary(days),
            today: fc.integer({ min: 0, max: days - 1 }),
            thirdTerm: fc.boolean(),
          }),
        ),
        ({ days, term, other, today, thirdTerm }) => {
          // Two copies of the same shape, and perhaps a third term unlike it: the median is still the shape.
          const pastTerms = thirdTerm ? [term, other, term] : [term, term];
          const forecast = forecastTerm({
            billedKobo: term.billedKobo,
            collectedKobo: collectedBy(term, today),
            today,
            termDays: days,
            pastTerms,
          });
          expect(forecast.enough).toBe(true);
          if (!forecast.enough) return;
          expect(forecast.days.map((line) => line.day)).toEqual(
            Array.from({ length: days - today }, (_, n) => today + n),
          );
          expect(forecast.days.map((line) => line.expectedKobo)).toEqual(term.collectedKobo.slice(today));
        },
      ),
    );
  });

  it('keeps the forecast inside its band, the band between nothing and the bill, and starts from what is in', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 60 }).chain((days) =>
          fc.record({
            days: fc.constant(days),
            past: fc.array(curveArbitrary(days), { minLength: 2, maxLength: 6 }),
            billedKobo: fc.bigInt({ min: 1n, max: 10_000_000_000n }),
            share: fc.integer({ min: 0, max: 100 }),
            today: fc.integer({ min: 0, max: days - 1 }),
          }),
        ),
        ({ days, past, billedKobo, share, today }) => {
          const collectedKobo = (billedKobo * BigInt(share)) / 100n;
          const forecast = forecastTerm({ billedKobo, collectedKobo, today, termDays: days, pastTerms: past });
          if (!forecast.enough) throw new Error('two or more past terms must forecast');
          expect(forecast.days[0]).toEqual({
            day: today,
            expectedKobo: collectedKobo,
            lowKobo: collectedKobo,
            highKobo: collectedKobo,
          });
          const outside = forecast.days.filter(
            (line) =>
              line.lowKobo > line.expectedKobo ||
              line.expectedKobo > line.highKobo ||
              line.lowKobo < 0n ||
              line.highKobo > billedKobo,
          );
          expect(outside).toEqual([]);
        },
      ),
    );
  });

  it('says so with fewer than two past terms that billed anything, and forecasts nothing', () => {
    const one: TermCurve = { billedKobo: 100n, collectedKobo: [50n, 100n] };
    const none: TermCurve = { billedKobo: 0n, collectedKobo: [0n, 0n] };
    expect(
      forecastTerm({ billedKobo: 100n, collectedKobo: 0n, today: 0, termDays: 2, pastTerms: [one, none] }),
    ).toEqual({ enough: false, pastTerms: 1 });
  });

  it('scales past shapes to this term: the middle replay is the forecast, the lowest and highest the band', () => {
    // Past terms collected 50% and 90% of their bills by their last day, 10% and 30% by day 1.
    const slow: TermCurve = { billedKobo: 1_000n, collectedKobo: [0n, 100n, 500n] };
    const fast: TermCurve = { billedKobo: 2_000n, collectedKobo: [0n, 600n, 1_800n] };
    const forecast = forecastTerm({
      billedKobo: 10_000n,
      collectedKobo: 2_000n,
      today: 1,
      termDays: 3,
      pastTerms: [slow, fast],
    });
    // From 2,000 in: slow adds 40% of 10,000, fast adds 60%.
    expect(forecast).toEqual({
      enough: true,
      pastTerms: 2,
      days: [
        { day: 1, expectedKobo: 2_000n, lowKobo: 2_000n, highKobo: 2_000n },
        { day: 2, expectedKobo: 7_000n, lowKobo: 6_000n, highKobo: 8_000n },
      ],
    });
  });
});

describe('backtest', () => {
  it('forecasts each closed term from those before it and says whether the band held what came in', () => {
    const a: TermCurve = { billedKobo: 1_000n, collectedKobo: [100n, 500n, 800n] };
    const b: TermCurve = { billedKobo: 1_000n, collectedKobo: [100n, 600n, 1_000n] };
    const c: TermCurve = { billedKobo: 2_000n, collectedKobo: [200n, 1_000n, 1_900n] };
    const d: TermCurve = { billedKobo: 1_000n, collectedKobo: [100n, 200n, 300n] };
    const results = backtest({ terms: [a, b, c, d], atDay: 0 });
    // a and b have too few terms before them. c from day 0 (200 in): a adds 70% of 2,000, b adds 90%.
    expect(results).toEqual([
      {
        term: 2,
        forecastKobo: 1_800n,
        lowKobo: 1_600n,
        highKobo: 2_000n,
        actualKobo: 1_900n,
        errorBasisPoints: -500,
        withinBand: true,
      },
      // d from 100 in: a adds 700, b adds 900, c adds 850 (of 1,000): 950 expected, 300 came.
      {
        term: 3,
        forecastKobo: 950n,
        lowKobo: 800n,
        highKobo: 1_000n,
        actualKobo: 300n,
        errorBasisPoints: 6_500,
        withinBand: false,
      },
    ]);
  });
});

describe('commitmentDates', () => {
  it('pays on the day of each month, on the last day of a shorter month, within the dates given', () => {
    expect(commitmentDates({ dayOfMonth: 31, from: '2027-01-15', to: '2027-04-30' })).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
    expect(commitmentDates({ dayOfMonth: 25, from: '2026-11-26', to: '2027-01-25' })).toEqual([
      '2026-12-25',
      '2027-01-25',
    ]);
    expect(commitmentDates({ dayOfMonth: 29, from: '2028-02-01', to: '2028-02-29' })).toEqual(['2028-02-29']);
  });
});

describe('budgetByMonth', () => {
  it('spreads what is left by the days of each month to the end, due on the first day of each', () => {
    // 17 days of January from the 15th, 28 of February, 31 of March: 76 days for ₦760.00.
    expect(budgetByMonth({ leftKobo: 76_000n, from: '2027-01-15', to: '2027-03-31' })).toEqual([
      { dueOn: '2027-01-15', amountKobo: 17_000n },
      { dueOn: '2027-02-01', amountKobo: 28_000n },
      { dueOn: '2027-03-01', amountKobo: 31_000n },
    ]);
    // A kobo the split cannot share goes to the earliest month.
    expect(budgetByMonth({ leftKobo: 3n, from: '2027-01-31', to: '2027-02-01' })).toEqual([
      { dueOn: '2027-01-31', amountKobo: 2n },
      { dueOn: '2027-02-01', amountKobo: 1n },
    ]);
    expect(budgetByMonth({ leftKobo: 0n, from: '2027-01-01', to: '2027-03-31' })).toEqual([]);
    expect(budgetByMonth({ leftKobo: -5n, from: '2027-01-01', to: '2027-03-31' })).toEqual([]);
  });

  it('adds up to what is left exactly, one part per month, each inside the dates given', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 100_000_000_000n }),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 400 }),
        (leftKobo, startOffset, length) => {
          const from = addDays('2025-01-01', startOffset);
          const to = addDays(from, length);
          const parts = budgetByMonth({ leftKobo, from, to });
          expect(parts.reduce((sum, part) => sum + part.amountKobo, 0n)).toBe(leftKobo);
          expect(parts[0]!.dueOn).toBe(from);
          expect(new Set(parts.map((part) => part.dueOn.slice(0, 7))).size).toBe(parts.length);
          for (const part of parts) {
            expect(part.dueOn >= from && part.dueOn <= to).toBe(true);
            expect(part.amountKobo >= 0n).toBe(true);
          }
        },
      ),
    );
  });
});

describe('cashFlowAhead', () => {
  it('puts the forecast and what is due in weeks, and marks the days the low line does not cover', () => {
    // A term of 14 days from 2 November; today is its 3rd day (day 2), 1,000 in so far.
    const forecast = Array.from({ length: 12 }, (_, n) => ({
      day: n + 2,
      expectedKobo: 1_000n + BigInt(n) * 300n,
      lowKobo: 1_000n + BigInt(n) * 100n,
      highKobo: 1_000n + BigInt(n) * 500n,
    }));
    const weeks = cashFlowAhead({
      today: '2026-11-04',
      termStartsOn: '2026-11-02',
      termEndsOn: '2026-11-15',
      openingKobo: 500n,
      collectedKobo: 1_000n,
      forecast,
      outgoings: [
        { dueOn: '2026-11-06', amountKobo: 700n, label: 'Diesel' },
        { dueOn: '2026-11-12', amountKobo: 1_500n, label: 'Salaries' },
        { dueOn: '2026-11-03', amountKobo: 9_999n, label: 'Paid yesterday' },
        { dueOn: '2026-12-01', amountKobo: 9_999n, label: 'After the term' },
      ],
    });
    expect(weeks.map(({ outgoings, ...week }) => ({ ...week, outgoings: outgoings.map((o) => o.label) }))).toEqual([
      {
        startsOn: '2026-11-04',
        endsOn: '2026-11-10',
        // Days 2 to 8: the lines grow six steps in the week.
        expectedInKobo: 1_800n,
        lowInKobo: 600n,
        highInKobo: 3_000n,
        outKobo: 700n,
        outgoings: ['Diesel'],
        expectedBalanceKobo: 500n + 1_800n - 700n,
        lowBalanceKobo: 500n + 600n - 700n,
        // On the 6th (day 4) the low line has 200 more in, and 500 opening: 700 covers 700.
        uncoveredDays: [],
      },
      {
        startsOn: '2026-11-11',
        endsOn: '2026-11-15',
        expectedInKobo: 1_500n,
        lowInKobo: 500n,
        highInKobo: 2_500n,
        outKobo: 1_500n,
        outgoings: ['Salaries'],
        expectedBalanceKobo: 500n + 3_300n - 2_200n,
        lowBalanceKobo: 500n + 1_100n - 2_200n,
        // On the 12th (day 10) the low line has 800 in: 1,300 against 2,200 due by then.
        uncoveredDays: ['2026-11-12'],
      },
    ]);
  });
});

describe('groupCashFlow', () => {
  /** A school's term around today (2027-02-10): begun up to 30 days ago, ending up to 60 days ahead, with lines from today. */
  const schoolArbitrary = fc
    .record({
      begun: fc.integer({ min: 0, max: 30 }),
      left: fc.integer({ min: 0, max: 60 }),
      opening: fc.bigInt({ min: 0n, max: 5_000_000n }),
      collected: fc.bigInt({ min: 0n, max: 5_000_000n }),
      steps: fc.array(fc.tuple(fc.nat(50_000), fc.nat(50_000), fc.nat(50_000)), { minLength: 61, maxLength: 61 }),
      forecast: fc.boolean(),
      outgoings: fc.array(fc.tuple(fc.integer({ min: -3, max: 70 }), fc.bigInt({ min: 1n, max: 3_000_000n })), {
        maxLength: 6,
      }),
    })
    .map(({ begun, left, opening, collected, steps, forecast, outgoings }) => {
      const today = '2027-02-10';
      let low = collected;
      let expected = collected;
      let high = collected;
      const lines = forecast
        ? Array.from({ length: left + 1 }, (_, n) => {
            if (n > 0) {
              const [a, b, c] = steps[n]!;
              low += BigInt(a);
              expected = (expected > low ? expected : low) + BigInt(b);
              high = (high > expected ? high : expected) + BigInt(c);
            }
            return { day: begun + n, expectedKobo: expected, lowKobo: low, highKobo: high };
          })
        : [];
      return {
        termStartsOn: addDays(today, -begun),
        termEndsOn: addDays(today, left),
        openingKobo: opening,
        collectedKobo: collected,
        forecast: lines,
        outgoings: outgoings.map(([day, amountKobo], n) => ({
          dueOn: addDays(today, day),
          amountKobo,
          label: `Out ${n}`,
        })),
      };
    });

  it('is a school’s own cash flow when the group has one school', () => {
    fc.assert(
      fc.property(schoolArbitrary, (school) => {
        expect(groupCashFlow({ today: '2027-02-10', schools: [school] })).toEqual(
          cashFlowAhead({ today: '2027-02-10', ...school }),
        );
      }),
    );
  });

  it('adds its schools up: what goes out and the balances at the end are their sums, each school stopping at its term’s end', () => {
    fc.assert(
      fc.property(fc.array(schoolArbitrary, { minLength: 2, maxLength: 4 }), (schools) => {
        const group = groupCashFlow({ today: '2027-02-10', schools });
        const own = schools.map((school) => cashFlowAhead({ today: '2027-02-10', ...school }));
        const sum = (values: bigint[]) => values.reduce((total, value) => total + value, 0n);
        expect(sum(group.map((week) => week.outKobo))).toBe(sum(own.flat().map((week) => week.outKobo)));
        expect(group.at(-1)!.expectedBalanceKobo).toBe(sum(own.map((weeks) => weeks.at(-1)!.expectedBalanceKobo)));
        expect(group.at(-1)!.lowBalanceKobo).toBe(sum(own.map((weeks) => weeks.at(-1)!.lowBalanceKobo)));
        expect(group.at(-1)!.endsOn).toBe(
          schools.map((school) => school.termEndsOn).reduce((last, end) => (end > last ? end : last)),
        );
      }),
    );
  });
});
