import { describe, expect, it } from 'vitest';
import { type CashUpLine, cashUpTotals, tillNotBanked, tillRemaining, tillReportKind } from '../src/tills.js';

const line = (values: Partial<CashUpLine>): CashUpLine => ({
  floatKobo: 0n,
  takenKobo: 0n,
  payments: 0,
  refundedKobo: 0n,
  voidedKobo: 0n,
  expectedKobo: 0n,
  countedKobo: null,
  varianceKobo: null,
  bankedKobo: null,
  notBankedKobo: 0n,
  ...values,
});

describe('till reports', () => {
  it('reads an open till as an X report and a counted one as a Z report', () => {
    expect(tillReportKind('open')).toBe('x');
    expect(tillReportKind('closing')).toBe('z');
    expect(tillReportKind('closed')).toBe('z');
    expect(tillReportKind('banked')).toBe('z');
  });

  it('says what remained of a banked till (counted less banked), and nothing before', () => {
    expect(tillRemaining({ countedKobo: 400_000n, bankedKobo: 300_000n })).toBe(100_000n);
    expect(tillRemaining({ countedKobo: 400_000n, bankedKobo: null })).toBeNull();
    expect(tillRemaining({ countedKobo: null, bankedKobo: null })).toBeNull();
  });

  it('holds as not banked what a till was counted at, or should hold while open, until it is banked', () => {
    expect(tillNotBanked({ status: 'open', countedKobo: null, expectedKobo: 500_000n })).toBe(500_000n);
    expect(tillNotBanked({ status: 'closing', countedKobo: 450_000n, expectedKobo: 500_000n })).toBe(450_000n);
    expect(tillNotBanked({ status: 'closed', countedKobo: 450_000n, expectedKobo: 500_000n })).toBe(450_000n);
    expect(tillNotBanked({ status: 'banked', countedKobo: 450_000n, expectedKobo: 500_000n })).toBe(0n);
  });

  it("adds up a day's tills, a till not yet counted adding nothing to counted or variance", () => {
    const banked = line({
      floatKobo: 200_000n,
      takenKobo: 200_000n,
      payments: 2,
      expectedKobo: 400_000n,
      countedKobo: 400_000n,
      varianceKobo: 0n,
      bankedKobo: 300_000n,
    });
    const short = line({
      floatKobo: 100_000n,
      takenKobo: 70_000n,
      payments: 1,
      refundedKobo: 5_000n,
      voidedKobo: 10_000n,
      expectedKobo: 155_000n,
      countedKobo: 150_000n,
      varianceKobo: -5_000n,
      notBankedKobo: 150_000n,
    });
    const open = line({ floatKobo: 30_000n, expectedKobo: 30_000n, notBankedKobo: 30_000n });
    expect(cashUpTotals([banked, short, open])).toEqual({
      floatKobo: 330_000n,
      takenKobo: 270_000n,
      payments: 3,
      refundedKobo: 5_000n,
      voidedKobo: 10_000n,
      expectedKobo: 585_000n,
      countedKobo: 550_000n,
      varianceKobo: -5_000n,
      bankedKobo: 300_000n,
      notBankedKobo: 180_000n,
    });
    expect(cashUpTotals([])).toEqual({
      floatKobo: 0n,
      takenKobo: 0n,
      payments: 0,
      refundedKobo: 0n,
      voidedKobo: 0n,
      expectedKobo: 0n,
      countedKobo: 0n,
      varianceKobo: 0n,
      bankedKobo: 0n,
      notBankedKobo: 0n,
    });
  });
});
