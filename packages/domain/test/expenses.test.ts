import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  budgetLevel,
  budgetThresholdReached,
  EXPENSE_ACTIONS,
  EXPENSE_STATUSES,
  type ExpenseAction,
  type ExpenseStatus,
  expenseTransition,
  isExpensePayable,
  isValidNuban,
  NIGERIAN_BANKS,
  nubanCheckDigit,
  payoutInputSchema,
  percentUsed,
  statusAfterPayouts,
  VENDOR_NUBAN_MESSAGE,
  vendorInputSchema,
} from '../src/index.js';

describe('the life of an expense request', () => {
  const allowed: Record<ExpenseAction, Partial<Record<ExpenseStatus, ExpenseStatus>>> = {
    submit: { draft: 'pending_approval' },
    approve: { pending_approval: 'approved' },
    reject: { pending_approval: 'rejected' },
    reopen: { pending_approval: 'draft', rejected: 'draft' },
    cancel: { draft: 'cancelled', pending_approval: 'cancelled', approved: 'cancelled', rejected: 'cancelled' },
  };

  it('allows exactly the listed steps and refuses every other one', () => {
    let checked = 0;
    for (const action of EXPENSE_ACTIONS) {
      for (const status of EXPENSE_STATUSES) {
        expect(expenseTransition(status, action), `${action} from ${status}`).toBe(allowed[action][status] ?? null);
        checked++;
      }
    }
    expect(checked).toBe(EXPENSE_ACTIONS.length * EXPENSE_STATUSES.length);
  });

  it('never cancels money already paid out, nor revives a paid or cancelled expense', () => {
    for (const status of ['partially_paid', 'paid', 'cancelled'] as const) {
      for (const action of EXPENSE_ACTIONS) expect(expenseTransition(status, action)).toBeNull();
    }
  });

  it('takes payouts only while something of the approved amount remains', () => {
    expect(EXPENSE_STATUSES.filter(isExpensePayable)).toEqual(['approved', 'partially_paid']);
  });

  it('moves between approved, partially paid and paid by what was paid, never past the amount', () => {
    expect(statusAfterPayouts(10_000n, 0n)).toBe('approved');
    expect(statusAfterPayouts(10_000n, 1n)).toBe('partially_paid');
    expect(statusAfterPayouts(10_000n, 9_999n)).toBe('partially_paid');
    expect(statusAfterPayouts(10_000n, 10_000n)).toBe('paid');
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), fc.bigInt({ min: 0n, max: 10n ** 15n }), (amount, raw) => {
        const paid = raw % (amount + 1n);
        const expected = paid === 0n ? 'approved' : paid === amount ? 'paid' : 'partially_paid';
        expect(statusAfterPayouts(amount, paid)).toBe(expected);
      }),
    );
  });
});

describe('budget alerts', () => {
  it('warns at 80% and is over at 100%, to the kobo', () => {
    expect(budgetLevel(100_000n, 79_999n)).toBe('ok');
    expect(budgetLevel(100_000n, 80_000n)).toBe('warning');
    expect(budgetLevel(100_000n, 99_999n)).toBe('warning');
    expect(budgetLevel(100_000n, 100_000n)).toBe('over');
    expect(budgetThresholdReached(100_000n, 79_999n)).toBeNull();
    expect(budgetThresholdReached(100_000n, 80_000n)).toBe(80);
    expect(budgetThresholdReached(100_000n, 150_000n)).toBe(100);
  });

  it('shows the whole percent spent, rounded down so 79.9% still reads as within budget', () => {
    expect(percentUsed(100_000n, 79_999n)).toBe(79);
    expect(percentUsed(100_000n, 80_000n)).toBe(80);
    expect(percentUsed(100_000n, 250_000n)).toBe(250);
    expect(percentUsed(0n, 5_000n)).toBeNull();
  });

  it('agrees with exact fractions for any budget and spending', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.bigInt({ min: 0n, max: 2n * 10n ** 14n }),
        (budget, actual) => {
          const level = budgetLevel(budget, actual);
          const expected = actual >= budget ? 'over' : 5n * actual >= 4n * budget ? 'warning' : 'ok';
          expect(level).toBe(expected);
        },
      ),
    );
  });
});

describe('NUBAN account numbers', () => {
  it('accepts the check digit the CBN scheme gives and refuses every other last digit', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...NIGERIAN_BANKS.map((bank) => bank.code)),
        fc.stringMatching(/^\d{9}$/),
        (bank, serial) => {
          const digit = nubanCheckDigit(bank, serial);
          for (let last = 0; last <= 9; last++) {
            expect(isValidNuban(bank, `${serial}${last}`)).toBe(last === digit);
          }
        },
      ),
    );
  });

  it('computes the published example: First Bank (011), serial 000001457', () => {
    // 0·3+1·7+1·3 + 0·3+0·7+0·3+0·3+0·7+1·3+4·3+5·7+7·3 = 81, so the check digit is 9.
    expect(nubanCheckDigit('011', '000001457')).toBe(9);
    expect(isValidNuban('011', '0000014579')).toBe(true);
  });

  it('checks only the 10-digit format for a bank outside the list', () => {
    expect(isValidNuban('other', '1234567890')).toBe(true);
    expect(isValidNuban('other', '123456789')).toBe(false);
    expect(isValidNuban('058', '12345abcde')).toBe(false);
  });

  it('names the account number field when it does not match the bank', () => {
    const serial = '012345678';
    const wrong = (nubanCheckDigit('058', serial) + 1) % 10;
    const result = vendorInputSchema.safeParse({
      name: 'Ade Plumbing',
      bank_code: '058',
      account_number: `${serial}${wrong}`,
      account_name: 'Ade Plumbing Ltd',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['account_number'], message: VENDOR_NUBAN_MESSAGE }),
    ]);
  });
});

describe('a payout', () => {
  it('needs a reference unless it was cash', () => {
    const base = { amount: '1500.50', paid_on: '2026-11-20' };
    expect(payoutInputSchema.safeParse({ ...base, method: 'cash' }).success).toBe(true);
    const transfer = payoutInputSchema.safeParse({ ...base, method: 'bank_transfer' });
    expect(transfer.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['reference']);
    expect(payoutInputSchema.parse({ ...base, method: 'cheque', reference: 'CHQ 0042' }).amount).toBe(150_050n);
  });
});
