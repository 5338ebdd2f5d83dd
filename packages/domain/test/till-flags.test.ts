import { describe, expect, it } from 'vitest';
import { tillFlags } from '../src/tills.js';

const NONE = { left_open_since: null, not_banked_days: null };

describe('a till’s flags', () => {
  it('flags a till still open once the Lagos day it was opened is over, at midnight Lagos time', () => {
    // 23:30 in Lagos on the 12th.
    const openedAt = new Date('2025-11-12T22:30:00Z');
    const open = { status: 'open' as const, openedAt, closedAt: null, bankWithinDays: 1 };
    expect(tillFlags({ ...open, now: new Date('2025-11-12T22:55:00Z') })).toEqual(NONE);
    expect(tillFlags({ ...open, now: new Date('2025-11-12T23:05:00Z') })).toEqual({
      left_open_since: '2025-11-12',
      not_banked_days: null,
    });
  });

  it('flags a confirmed till not banked once more days than the school allows have passed since its close', () => {
    const closed = {
      status: 'closed' as const,
      openedAt: new Date('2025-11-12T07:00:00Z'),
      closedAt: new Date('2025-11-12T15:00:00Z'),
    };
    expect(tillFlags({ ...closed, bankWithinDays: 1, now: new Date('2025-11-13T18:00:00Z') })).toEqual(NONE);
    expect(tillFlags({ ...closed, bankWithinDays: 1, now: new Date('2025-11-14T08:00:00Z') })).toEqual({
      left_open_since: null,
      not_banked_days: 2,
    });
    // Within 0 days: banked the day it closed, or flagged the next.
    expect(tillFlags({ ...closed, bankWithinDays: 0, now: new Date('2025-11-13T08:00:00Z') })).toEqual({
      left_open_since: null,
      not_banked_days: 1,
    });
  });

  it('never flags a till waiting for its count to be confirmed, nor a banked one', () => {
    const later = new Date('2025-12-30T08:00:00Z');
    const at = { openedAt: new Date('2025-11-12T07:00:00Z'), closedAt: new Date('2025-11-12T15:00:00Z') };
    expect(tillFlags({ ...at, status: 'closing', bankWithinDays: 1, now: later })).toEqual(NONE);
    expect(tillFlags({ ...at, status: 'banked', bankWithinDays: 1, now: later })).toEqual(NONE);
  });
});
