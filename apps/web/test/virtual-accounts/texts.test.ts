import { describe, expect, it } from 'vitest';
import {
  bankOptions,
  openAllSummary,
  parseActiveFilter,
  parseCreditStatusFilter,
} from '@/features/virtual-accounts/lib/texts';

describe('bankOptions', () => {
  it('lists the known banks', () => {
    expect(bankOptions('wema-bank').map(([slug]) => slug)).toEqual(['wema-bank', 'titan-paystack']);
  });

  it("keeps a school's bank that is none of the known ones", () => {
    expect(bankOptions('test-bank').map(([slug]) => slug)).toEqual(['wema-bank', 'titan-paystack', 'test-bank']);
  });
});

describe('openAllSummary', () => {
  it('says all families are done', () => {
    expect(openAllSummary({ opened: 3, failed: 0, remaining: 0, failures: [] })).toBe(
      '3 accounts opened, every family now has an account.',
    );
  });

  it('says what failed and what remains', () => {
    const failures = [{ holder: { _id: 'x', name: 'Ada' }, message: 'Refused' }];
    expect(openAllSummary({ opened: 1, failed: 1, remaining: 1, failures })).toBe(
      '1 account opened, 1 failed, 1 family still without one.',
    );
  });
});

describe('filters from the address', () => {
  it('reads known values and refuses others', () => {
    expect(parseActiveFilter('closed')).toBe('closed');
    expect(parseActiveFilter('nope')).toBeUndefined();
    expect(parseCreditStatusFilter('review')).toBe('review');
    expect(parseCreditStatusFilter('paid')).toBeUndefined();
  });
});
