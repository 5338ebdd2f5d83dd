import { type ExpenseInput, expenseInputSchema } from '@schoolledger/domain';
import { z } from 'zod';
import { requestWithMessage } from '@/lib/api-client';

/** Only a draft changes; its school stays. */
export async function updateExpense({ id, input }: { id: string; input: ExpenseInput }) {
  return requestWithMessage<{ _id: string }>(`/expenses/${id}`, {
    method: 'PATCH',
    body: z.encode(expenseInputSchema, input),
    silent: true,
  });
}
