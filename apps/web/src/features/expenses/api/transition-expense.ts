import type { ExpenseTransition } from '@schoolledger/domain';
import { requestWithMessage } from '@/lib/api-client';
import { EXPENSE_MESSAGES } from '../lib/messages';
import { useExpenseMutation } from './mutation';

/** Submit, approve, reject, reopen or cancel; the server tells which the status allows. */
export async function transitionExpense({ id, transition }: { id: string; transition: ExpenseTransition }) {
  return requestWithMessage(`/expenses/${id}/transitions`, { method: 'POST', body: transition, silent: true });
}

export function useTransitionExpense() {
  return useExpenseMutation({
    mutationFn: transitionExpense,
    success: EXPENSE_MESSAGES.transitioned,
    failure: EXPENSE_MESSAGES.transitionFailed,
  });
}
