import type { BankStatementImport } from '@schoolledger/domain';
import { describe, expect, it } from 'vitest';
import {
  balanceBreakText,
  confirmQuestion,
  creditedText,
  importSummary,
  possessive,
  problemText,
} from '@/features/bank-statements/lib/texts';

const id = '11111111-1111-4111-8111-111111111111';

const read = (counts: Partial<BankStatementImport>): BankStatementImport => ({
  statement_id: id,
  file_name: 'september.csv',
  format: 'csv',
  account_number: null,
  lines: 0,
  already_imported: 0,
  problems: [],
  balance_breaks: [],
  confirmed: 0,
  review: 0,
  unmatched: 0,
  ignored: 0,
  ...counts,
});

const ada = { _id: id, name: 'Ada Obi', reg_no: 'CVC/2025/0142' };

describe('the bank statement texts', () => {
  it('sums up an upload in one line', () => {
    expect(
      importSummary(read({ lines: 42, already_imported: 3, confirmed: 30, review: 6, unmatched: 2, ignored: 1 })),
    ).toBe('42 lines read · 3 already imported · 30 credited · 6 to review · 2 unmatched · 1 not a payment');
    expect(importSummary(read({ lines: 3, already_imported: 3 }))).toBe('3 lines read · 3 already imported');
    expect(importSummary(read({ lines: 1, ignored: 1 }))).toBe('1 line read · 1 not a payment');
    expect(importSummary(read({ lines: 5, ignored: 5 }))).toBe('5 lines read · 5 not payments');
    expect(importSummary(read({}))).toBe('0 lines read');
  });

  it('says where the running balance breaks, and each unreadable row', () => {
    expect(balanceBreakText([])).toBeNull();
    expect(balanceBreakText([14])).toBe(
      "The running balance does not follow at line 14 — check this statement against the bank's copy.",
    );
    expect(balanceBreakText([14, 20, 31])).toBe(
      "The running balance does not follow at lines 14, 20 and 31 — check this statement against the bank's copy.",
    );
    expect(problemText({ row: 14, message: 'The date 31/02/2026 is not a day' })).toBe(
      'Row 14: The date 31/02/2026 is not a day',
    );
  });

  it('asks before crediting fees or confirming a claim', () => {
    expect(confirmQuestion({ amount: 15_000_000n }, { student: ada, claim: null })).toBe(
      "Credit ₦150,000.00 to Ada Obi's fees?",
    );
    const claim = {
      _id: id,
      reference: 'CLM-2026-000042',
      amount: 14_950_000n,
      transfer_date: '2026-09-03',
      bank_reference: null,
    };
    expect(confirmQuestion({ amount: 15_000_000n }, { student: ada, claim })).toBe(
      "Confirm Ada Obi's transfer claim CLM-2026-000042 for ₦149,500.00?",
    );
    expect(possessive('Moses')).toBe("Moses'");
  });

  it('names the receipts a confirmed line gave', () => {
    const credited = { student: ada, receipts: ['CVI-2026-000123'], confirmed_by: 'Adaeze Nwosu', confirmed_at: '' };
    expect(creditedText({ amount: 15_000_000n, credited })).toBe(
      '₦150,000.00 credited to Ada Obi. Receipt CVI-2026-000123',
    );
    expect(creditedText({ amount: 15_000_000n, credited: { ...credited, receipts: ['A-1', 'A-2'] } })).toBe(
      '₦150,000.00 credited to Ada Obi. Receipts A-1, A-2',
    );
    expect(creditedText({ amount: 15_000_000n, credited: null })).toBe('₦150,000.00 credited');
  });
});
