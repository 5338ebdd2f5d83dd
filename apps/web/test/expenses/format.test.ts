import type { ExpensePayout } from '@schoolledger/domain';
import { describe, expect, it } from 'vitest';
import { attachmentProblem } from '@/features/expenses/lib/files';
import {
  eventLabel,
  isReversible,
  paidPercent,
  payoutNote,
  signedKobo,
  statusChange,
} from '@/features/expenses/lib/format';

const payout = (more: Partial<ExpensePayout> = {}): ExpensePayout => ({
  _id: '00000000-0000-4000-8000-000000000001',
  voucherNo: 'PV-000001',
  amount: 10_000_000n,
  method: 'bank_transfer',
  reference: 'TRF-1',
  paidOn: '2026-11-20',
  payee: { name: 'Bode Stationers', account: null },
  note: null,
  reverses: null,
  reversedBy: null,
  createdBy: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...more,
});

describe('payout rows', () => {
  it('shows a reversal as money going back, with the true minus sign', () => {
    expect(signedKobo(-10_000_050n)).toBe('−₦100,000.50');
    expect(signedKobo(10_000_050n)).toBe('₦100,000.50');
  });

  it('names the payout a reversal undoes, and the reversal that undid a payout', () => {
    const reversal = payout({
      voucherNo: 'PV-000002',
      amount: -10_000_000n,
      reverses: { _id: '00000000-0000-4000-8000-000000000001', voucherNo: 'PV-000001' },
    });
    const reversed = payout({ reversedBy: { _id: '00000000-0000-4000-8000-000000000002', voucherNo: 'PV-000002' } });
    expect(payoutNote(reversal)).toBe('Reversal of PV-000001');
    expect(payoutNote(reversed)).toBe('Reversed by PV-000002');
    expect(payoutNote(payout())).toBeNull();
  });

  it('offers Reverse only on a payout neither reversed nor itself a reversal', () => {
    expect(isReversible(payout())).toBe(true);
    expect(
      isReversible(payout({ reversedBy: { _id: '00000000-0000-4000-8000-000000000002', voucherNo: 'PV-2' } })),
    ).toBe(false);
    expect(isReversible(payout({ reverses: { _id: '00000000-0000-4000-8000-000000000001', voucherNo: 'PV-1' } }))).toBe(
      false,
    );
  });
});

describe('the paid progress bar', () => {
  it('rounds down in whole kobo, so a last kobo owed never shows as 100%', () => {
    expect(paidPercent(10_000_000n, 15_000_050n)).toBe(66);
    expect(paidPercent(14_999_999n, 15_000_000n)).toBe(99);
    expect(paidPercent(15_000_000n, 15_000_000n)).toBe(100);
    expect(paidPercent(0n, 15_000_000n)).toBe(0);
  });
});

describe('history entries', () => {
  it('reads each step and the statuses it moved between', () => {
    expect(eventLabel({ action: 'submit' })).toBe('Submitted for approval');
    expect(eventLabel({ action: 'payout_reversal' })).toBe('Payout reversed');
    expect(statusChange({ fromStatus: 'draft', toStatus: 'pending_approval' })).toBe('Draft → Pending approval');
    expect(statusChange({ fromStatus: null, toStatus: 'draft' })).toBe('Draft');
  });

  it('spells out a step it does not know, and says nothing of a status that did not move', () => {
    expect(eventLabel({ action: 'bank_details.update' })).toBe('Bank details update');
    expect(statusChange({ fromStatus: 'approved', toStatus: 'approved' })).toBeNull();
    expect(statusChange({ fromStatus: null, toStatus: null })).toBeNull();
  });
});

describe('attachments picked', () => {
  it('refuses what the server would, in its words', () => {
    expect(attachmentProblem({ type: 'text/plain', size: 10 })).toBe('Please select an image or a PDF file');
    expect(attachmentProblem({ type: 'application/pdf', size: 5_242_881 })).toBe('The file must be less than 5MB');
  });

  it('lets images and PDFs up to 5MB through', () => {
    expect(attachmentProblem({ type: 'application/pdf', size: 5_242_880 })).toBeNull();
    expect(attachmentProblem({ type: 'image/webp', size: 1_000 })).toBeNull();
  });
});
