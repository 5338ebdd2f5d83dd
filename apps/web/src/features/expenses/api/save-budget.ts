import { type BudgetInput, budgetInputSchema } from '@schoolledger/domain';
import { z } from 'zod';
import { requestWithMessage } from '@/lib/api-client';
import { useExpenseMutation } from './mutation';

/** Sets a category's budget for the term, replacing the one there was. */
export async function saveBudget(input: BudgetInput) {
  return requestWithMessage('/budgets', { method: 'PUT', body: z.encode(budgetInputSchema, input), silent: true });
}

export function useSaveBudget() {
  return useExpenseMutation({
    mutationFn: saveBudget,
    success: 'Budget saved',
    failure: 'Failed to save the budget',
  });
}
