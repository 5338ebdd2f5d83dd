import { requestWithMessage } from '@/lib/api-client';
import { useExpenseMutation } from './mutation';

/** Removes a category's budget; its spending stays on the list, with no budget against it. */
export async function deleteBudget(id: string) {
  return requestWithMessage(`/budgets/${id}`, { method: 'DELETE', silent: true });
}

export function useDeleteBudget() {
  return useExpenseMutation({
    mutationFn: deleteBudget,
    success: 'Budget removed',
    failure: 'Failed to remove the budget',
  });
}
