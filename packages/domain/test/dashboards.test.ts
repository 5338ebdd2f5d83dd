import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectionRate, lastMonths, monthOf, percentagesOf, periodRange } from '../src/dashboards.js';

describe('dashboard rules', () => {
  it('shares always add up to exactly 100.0 when anything is positive', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: -1000n, max: 10_000_000_000n }), { minLength: 1, maxLength: 6 }),
        (parts) => {
          const shares = percentagesOf(parts);
          const tenths = shares.reduce((sum, share) => sum + Math.round(share * 10), 0);
          expect(tenths).toBe(parts.some((part) => part > 0n) ? 1000 : 0);
        },
      ),
    );
  });

  it('a collection rate is exact to one decimal, capped at 100, and absent with nothing expected', () => {
    expect(collectionRate(1n, 3n)).toBe(33.3);
    expect(collectionRate(2n, 3n)).toBe(66.7);
    expect(collectionRate(1n, 2000n)).toBe(0.1);
    expect(collectionRate(5n, 4n)).toBe(100);
    expect(collectionRate(0n, 0n)).toBeNull();
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 13n }),
        fc.bigInt({ min: 1n, max: 10n ** 13n }),
        (paid, expected) => {
          const rate = collectionRate(paid, expected)!;
          expect(rate).toBeGreaterThanOrEqual(0);
          expect(rate).toBeLessThanOrEqual(100);
          const exact = (Number(paid > expected ? expected : paid) / Number(expected)) * 100;
          expect(Math.abs(rate - exact)).toBeLessThanOrEqual(0.05 + 1e-9);
        },
      ),
    );
  });

  it('counts months back across a year end', () => {
    expect(lastMonths('2026-02-14', 4)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthOf('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('periods run to today, with an equally long previous period before them', () => {
    expect(periodRange('week', '2026-03-03')).toEqual({
      from: '2026-02-25',
      to: '2026-03-03',
      previous: { from: '2026-02-18', to: '2026-02-24' },
    });
    expect(periodRange('quarter', '2026-11-24')).toMatchObject({ from: '2026-10-01', previous: { to: '2026-09-30' } });
    expect(periodRange('year', '2026-11-24').from).toBe('2026-01-01');
    expect(periodRange('month', '2026-11-24').previous).toEqual({ from: '2026-10-08', to: '2026-10-31' });
  });
});
