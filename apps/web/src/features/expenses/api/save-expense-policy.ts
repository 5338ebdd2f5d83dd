import { expensePolicyInputSchema } from '@schoolledger/domain';
import { z } from 'zod';
import { requestWithMessage } from '@/lib/api-client';
import { useExpenseMutation } from './mutation';

export interface ExpensePolicyChange {
  schoolId: string;
  input: z.output<typeof expensePolicyInputSchema>;
}

/** Sets or clears the school's approval threshold (null: any approver may approve any amount). */
export async function saveExpensePolicy({ schoolId, input }: ExpensePolicyChange) {
  return requestWithMessage(`/expense-policies/${schoolId}`, {
    method: 'PUT',
    body: z.encode(expensePolicyInputSchema, input),
    silent: true,
  });
}

export function useSaveExpensePolicy() {
  return useExpenseMutation({
    mutationFn: saveExpensePolicy,
    success: 'Approval threshold saved',
    failure: 'Failed to save the approval threshold',
  });
}
