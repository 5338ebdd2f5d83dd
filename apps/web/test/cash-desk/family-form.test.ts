import { describe, expect, it } from 'vitest';
import { type FamilyFormValues, lineFieldsOf } from '@/features/cash-desk/lib/family-form';
import { ApiError } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form';

const child = '11111111-1111-4111-8111-111111111111';
const sister = '22222222-2222-4222-8222-222222222222';
const fee = '33333333-3333-4333-8333-333333333333';

describe("the family desk's refusals from the server", () => {
  it("puts a refused line's message under that line's amount, and the rest where the form has them", () => {
    const items = [
      { user_id: child, fee_id: fee, amount: 40_000n },
      { user_id: sister, fee_id: fee, amount: 100_001n },
    ];
    const set: Record<string, string | undefined> = {};
    const refused = new ApiError(422, 'Validation failed', [
      { field: 'items.1.amount', message: 'Amount cannot be more than the outstanding ₦1,000.00' },
      { field: 'notes', message: 'Notes must be at most 500 characters' },
      { field: 'items.7.amount', message: 'no such line' },
    ]);
    const matched = applyFieldErrors<FamilyFormValues>(
      refused,
      (name, error) => {
        set[name] = error.message;
      },
      ['use_credit', 'notes'],
      lineFieldsOf(items),
    );
    expect(matched).toBe(true);
    expect(set).toEqual({
      [`lines.${sister}_${fee}.amount`]: 'Amount cannot be more than the outstanding ₦1,000.00',
      notes: 'Notes must be at most 500 characters',
    });
  });
});
