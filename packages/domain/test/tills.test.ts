import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CASH_DESK_DEFAULTS,
  cashDeskSettingsSchema,
  countTotal,
  DENOMINATION_KOBO,
  type DenominationCount,
  denominationCountSchema,
  NAIRA_DENOMINATIONS,
  tillExpected,
  tillVariance,
  varianceNeedsReason,
} from '../src/index.js';

const count = fc.record(
  Object.fromEntries(NAIRA_DENOMINATIONS.map((d) => [d, fc.integer({ min: 0, max: 100_000 })])) as Record<
    (typeof NAIRA_DENOMINATIONS)[number],
    fc.Arbitrary<number>
  >,
  { requiredKeys: [] },
) as fc.Arbitrary<DenominationCount>;
const kobo = fc.bigInt({ min: 0n, max: 10_000_000_000n });

describe('till arithmetic', () => {
  it('values a drawer by its notes and coins, exactly', () => {
    expect(countTotal({ '1000': 5, '500': 4, '0.5': 2 })).toBe(700_100n);
    expect(countTotal({})).toBe(0n);
    fc.assert(
      fc.property(count, (drawer) => {
        // The same sum, reached through naira text: no float ever touches it.
        const byText = NAIRA_DENOMINATIONS.reduce(
          (sum, d) => sum + BigInt(drawer[d] ?? 0) * BigInt(Math.round(Number(d) * 100)),
          0n,
        );
        expect(countTotal(drawer)).toBe(byText);
        expect(denominationCountSchema.parse(drawer)).toEqual(drawer);
      }),
    );
  });

  it('counts one more piece of a denomination as exactly its value more', () => {
    fc.assert(
      fc.property(count, fc.constantFrom(...NAIRA_DENOMINATIONS), (drawer, d) => {
        const more = { ...drawer, [d]: (drawer[d] ?? 0) + 1 };
        expect(countTotal(more) - countTotal(drawer)).toBe(DENOMINATION_KOBO[d]);
      }),
    );
  });

  it('expects the float and takings less refunds and voids, each paid out of the drawer once', () => {
    fc.assert(
      fc.property(kobo, kobo, kobo, kobo, (floatKobo, takenKobo, refundedKobo, voidedKobo) => {
        const expected = tillExpected({ floatKobo, takenKobo, refundedKobo, voidedKobo });
        expect(expected).toBe(floatKobo + takenKobo - refundedKobo - voidedKobo);
        // Another void of one kobo leaves one kobo less in the drawer, whatever else happened.
        expect(tillExpected({ floatKobo, takenKobo, refundedKobo, voidedKobo: voidedKobo + 1n })).toBe(expected - 1n);
      }),
    );
    expect(tillExpected({ floatKobo: 500_000n, takenKobo: 2_000_000n, refundedKobo: 0n, voidedKobo: 500_000n })).toBe(
      2_000_000n,
    );
  });

  it('finds the variance as counted less float, takings and refunds, and asks a reason only beyond the tolerance', () => {
    fc.assert(
      fc.property(count, kobo, kobo, kobo, kobo, (drawer, floatKobo, takenKobo, refundedKobo, toleranceKobo) => {
        const expectedKobo = tillExpected({ floatKobo, takenKobo, refundedKobo, voidedKobo: 0n });
        const countedKobo = countTotal(drawer);
        const varianceKobo = tillVariance({ countedKobo, expectedKobo });
        expect(expectedKobo + varianceKobo).toBe(countedKobo);
        const size = varianceKobo < 0n ? -varianceKobo : varianceKobo;
        expect(varianceNeedsReason({ varianceKobo, toleranceKobo })).toBe(size > toleranceKobo);
        // Over and short by the same amount are treated alike.
        expect(varianceNeedsReason({ varianceKobo: -varianceKobo, toleranceKobo })).toBe(
          varianceNeedsReason({ varianceKobo, toleranceKobo }),
        );
      }),
    );
    expect(varianceNeedsReason({ varianceKobo: 0n, toleranceKobo: 0n })).toBe(false);
    expect(varianceNeedsReason({ varianceKobo: -1n, toleranceKobo: 0n })).toBe(true);
  });

  it('refuses counts that are not whole pieces of a naira note or coin', () => {
    for (const bad of [{ '3': 1 }, { '1000': -1 }, { '500': 0.5 }, { '1000': 100_001 }, { '0.50': 1 }]) {
      expect(denominationCountSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('cash desk settings', () => {
  it('accepts the defaults and refuses an inexact tolerance or no confirmer', () => {
    expect(cashDeskSettingsSchema.parse(CASH_DESK_DEFAULTS)).toEqual(CASH_DESK_DEFAULTS);
    const refused = [
      { tillVarianceToleranceNaira: '1.005' },
      { tillVarianceToleranceNaira: '-1' },
      { tillCloseConfirmers: [] },
      { tillCloseConfirmers: ['Principal', 'Principal'] },
      { tillCloseConfirmers: ['Auditor'] },
      { tillBankWithinDays: 31 },
    ];
    for (const change of refused) {
      expect(
        cashDeskSettingsSchema.safeParse({ ...CASH_DESK_DEFAULTS, ...change }).success,
        JSON.stringify(change),
      ).toBe(false);
    }
  });
});
