import { type ExpenseInput, expenseInputSchema } from '@schoolledger/domain';
import { z } from 'zod';
import { requestWithMessage } from '@/lib/api-client';

/** A new draft, numbered by the school's own counter. */
export async function createExpense(input: ExpenseInput) {
  return requestWithMessage<{ _id: string }>('/expenses', {
    method: 'POST',
    body: z.encode(expenseInputSchema, input),
    silent: true,
  });
}
