import type { LedgerLine } from '@schoolledger/domain';
import { describe, expect, it } from 'vitest';
import {
  checkedWhen,
  checkLabel,
  closeDayProblem,
  exportFileName,
  firstClosableDay,
  journalExtension,
  lineDetails,
  mappingProblem,
  periodOf,
  totalsSentence,
} from '@/features/books/lib/books';

describe('the period the books read', () => {
  it('is the year so far when nothing is chosen', () => {
    expect(periodOf({ from: '', to: '' }, '2026-05-14')).toEqual({
      from: '2026-01-01',
      to: '2026-05-14',
      invalid: false,
    });
  });

  it('starts a chosen end on the first of January of its own year', () => {
    expect(periodOf({ from: '', to: '2025-09-30' }, '2026-05-14')).toEqual({
      from: '2025-01-01',
      to: '2025-09-30',
      invalid: false,
    });
  });

  it('keeps chosen days, and says so when the start comes after the end', () => {
    expect(periodOf({ from: '2026-03-01', to: '2026-03-31' }, '2026-05-14')).toMatchObject({ invalid: false });
    expect(periodOf({ from: '2026-06-01', to: '2026-03-31' }, '2026-05-14')).toEqual({
      from: '2026-06-01',
      to: '2026-03-31',
      invalid: true,
    });
  });
});

describe('closing a period', () => {
  it('may start on any day while the books are open, else the day after the last close', () => {
    expect(firstClosableDay(null)).toBeUndefined();
    expect(firstClosableDay('2026-01-31')).toBe('2026-02-01');
    expect(firstClosableDay('2024-02-28')).toBe('2024-02-29');
    expect(firstClosableDay('2025-12-31')).toBe('2026-01-01');
  });

  it('is refused on no day, a day already closed, and a day that has not ended', () => {
    const today = '2026-05-14';
    expect(closeDayProblem('', null, today)).toBe('Choose the last day to close');
    expect(closeDayProblem('2026-03-31', '2026-03-31', today)).toBe(
      'The books are already closed through that day: choose a later one',
    );
    expect(closeDayProblem('2026-02-28', '2026-03-31', today)).toBe(
      'The books are already closed through that day: choose a later one',
    );
    expect(closeDayProblem('2026-05-15', null, today)).toBe('A day that has not ended cannot be closed');
  });

  it('goes ahead through today or any day after the last close', () => {
    expect(closeDayProblem('2026-05-14', null, '2026-05-14')).toBeNull();
    expect(closeDayProblem('2026-04-30', '2026-03-31', '2026-05-14')).toBeNull();
  });
});

describe("an account's mapping", () => {
  it('accepts a name, or nothing to fall back on the code and name', () => {
    expect(mappingProblem('xero', 'Sales - School Fees')).toBeNull();
    expect(mappingProblem('quickbooks', '')).toBeNull();
  });

  it('refuses a name longer than the packages import, with the server’s words', () => {
    expect(mappingProblem('sage', 'x'.repeat(150))).toBeNull();
    expect(mappingProblem('sage', 'x'.repeat(151))).toBe('Must be at most 150 characters');
  });
});

describe('the trial balance verdict', () => {
  it('puts the totals side by side with = when they agree and ≠ when they do not', () => {
    expect(totalsSentence(123_456n, 123_456n)).toBe('Debits ₦1,234.56 = credits ₦1,234.56');
    expect(totalsSentence(100_000n, 99_999n)).toBe('Debits ₦1,000.00 ≠ credits ₦999.99');
  });
});

describe('downloaded files', () => {
  const period = { from: '2026-01-01', to: '2026-03-31' };

  it('are named by what they hold, whose, and the period', () => {
    expect(exportFileName(['trial balance', 'Crestview College, Lekki'], period, 'pdf')).toBe(
      'trial-balance-crestview-college-lekki-2026-01-01-to-2026-03-31.pdf',
    );
    expect(exportFileName(['journal', 'Crestview College', 'xero'], period, journalExtension('xero'))).toBe(
      'journal-crestview-college-xero-2026-01-01-to-2026-03-31.csv',
    );
  });

  it('give the plain-text journal the extension ledger and hledger read', () => {
    expect(journalExtension('hledger')).toBe('journal');
    expect(journalExtension('zoho')).toBe('csv');
  });
});

describe('what a ledger line concerns', () => {
  const line = (more: Partial<LedgerLine> = {}): LedgerLine => ({
    _id: '41',
    entryId: '17',
    date: '2026-03-02',
    memo: 'Receipt RCP-2026-000123',
    source: 'payment',
    sourceId: '00000000-0000-4000-8000-000000000001',
    reversesEntryId: null,
    student: { _id: '00000000-0000-4000-8000-000000000002', name: 'Chiamaka Obi' },
    fee: { _id: '00000000-0000-4000-8000-000000000003', name: 'JSS Tuition' },
    debit: 0n,
    credit: 1_000_000n,
    balance: 0n,
    ...more,
  });

  it('names what posted it, the student and the fee in a ledger of many students', () => {
    expect(lineDetails(line(), { showStudent: true })).toBe('Payment · Chiamaka Obi · JSS Tuition');
  });

  it("leaves the student out of the student's own account, and a source the memo already says", () => {
    expect(lineDetails(line({ memo: 'Fees charged First Term', source: 'charge' }), { showStudent: false })).toBe(
      'JSS Tuition',
    );
  });

  it('says which entry a correction reverses', () => {
    expect(
      lineDetails(line({ source: 'refund', reversesEntryId: '12', student: null, fee: null }), { showStudent: true }),
    ).toBe('Refund · reverses entry 12');
  });
});

describe('when the books were last checked', () => {
  const at = '2026-05-14T10:00:00Z';
  const readAt = (now: string) => checkedWhen(at, new Date(now));

  it('says how long ago, beside the time in Lagos', () => {
    expect(readAt('2026-05-14T10:00:30Z')).toBe('just now (14 May 2026, 11:00 Lagos time)');
    expect(readAt('2026-05-14T10:05:00Z')).toBe('5m ago (14 May 2026, 11:00 Lagos time)');
    expect(readAt('2026-05-16T10:00:00Z')).toBe('2d ago (14 May 2026, 11:00 Lagos time)');
  });

  it('gives the Lagos time alone once the check is over a week old', () => {
    expect(readAt('2026-06-14T10:00:00Z')).toBe('14 May 2026, 11:00 Lagos time');
  });
});

describe('what a disagreement is headed', () => {
  it('names the part of the books that differs', () => {
    expect(checkLabel('money')).toBe('Money received: the journal and the payments differ');
    expect(checkLabel('entry')).toBe('A journal entry does not balance');
  });

  it('names a part it does not know as the server sent it, in words', () => {
    expect(checkLabel('till_sessions')).toBe('till sessions');
  });
});
