import { describe, expect, it } from 'vitest';
import { adjustmentAmount, previewAdjustment } from '@/features/adjustments/lib/format';

const fee = (amountDue: bigint, more: Partial<{ reductions: bigint; lateFees: bigint; amountPaid: bigint }> = {}) => {
  const figures = { amountDue, reductions: 0n, lateFees: 0n, amountPaid: 0n, ...more };
  const balance = figures.amountDue - figures.reductions + figures.lateFees - figures.amountPaid;
  return { ...figures, outstanding: balance > 0n ? balance : 0n };
};

describe('the new adjustment preview', () => {
  it('takes a percentage of the fee, rounded down to the kobo', () => {
    expect(previewAdjustment(fee(100_050n), { basis: 'percent', amount: null, percentBp: 1000 })).toEqual({
      text: '₦1,000.50 − 10% (₦100.05) = ₦900.45 outstanding',
      tooMuch: false,
    });
    // 12.5% of ₦1,000.01 is ₦125.00125: the kobo fraction is dropped.
    expect(previewAdjustment(fee(100_001n), { basis: 'percent', amount: null, percentBp: 1250 })?.text).toBe(
      '₦1,000.01 − 12.5% (₦125.00) = ₦875.01 outstanding',
    );
  });

  it('starts from what is outstanding after payments and earlier adjustments', () => {
    const partlyPaid = fee(500_000n, { amountPaid: 200_000n, reductions: 50_000n });
    expect(previewAdjustment(partlyPaid, { basis: 'fixed', amount: 100_000n, percentBp: null })).toEqual({
      text: '₦2,500.00 − ₦1,000.00 = ₦1,500.00 outstanding',
      tooMuch: false,
    });
  });

  it('waives the whole balance to nothing', () => {
    expect(
      previewAdjustment(fee(300_000n, { amountPaid: 100_000n }), { basis: 'balance', amount: null, percentBp: null })
        ?.text,
    ).toBe('₦2,000.00 − the whole balance (₦2,000.00) = ₦0.00 outstanding');
  });

  it('flags more than is outstanding, which the server refuses', () => {
    expect(
      previewAdjustment(fee(100_000n, { amountPaid: 90_000n }), { basis: 'fixed', amount: 20_000n, percentBp: null }),
    ).toEqual({ text: '₦100.00 − ₦200.00 = ₦0.00 outstanding', tooMuch: true });
  });

  it('shows nothing until an amount or percentage is typed', () => {
    expect(previewAdjustment(fee(100_000n), { basis: 'fixed', amount: null, percentBp: null })).toBeNull();
    expect(previewAdjustment(fee(100_000n), { basis: 'percent', amount: null, percentBp: null })).toBeNull();
  });
});

describe('an adjustment amount in the list', () => {
  it('signs reductions with a minus and late fees with a plus', () => {
    expect(adjustmentAmount({ kind: 'discount', basis: 'fixed', amount: 150_000n, percent: null })).toBe('−₦1,500.00');
    expect(adjustmentAmount({ kind: 'late_fee', basis: 'fixed', amount: 50_000n, percent: null })).toBe('+₦500.00');
  });

  it('shows the percentage a reduction came from, and a balance waiver before it is fixed', () => {
    expect(adjustmentAmount({ kind: 'scholarship', basis: 'percent', amount: 10_005n, percent: 1000 })).toBe(
      '10% (−₦100.05)',
    );
    expect(adjustmentAmount({ kind: 'waiver', basis: 'balance', amount: null, percent: null })).toBe('Whole balance');
  });
});
