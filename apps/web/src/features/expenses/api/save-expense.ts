import type { ExpenseInput } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { EXPENSE_MESSAGES } from '../lib/messages';
import { createExpense } from './create-expense';
import { expenseKeys } from './keys';
import { transitionExpense } from './transition-expense';
import { updateExpense } from './update-expense';

export interface SaveExpense {
  /** The draft edited; a new one is created without it. */
  id?: string | undefined;
  input: ExpenseInput;
  /** Submit it for approval once saved. */
  submit: boolean;
}

/**
 * Saves the draft and, when asked, submits it. A refused submission leaves the draft saved, so it
 * is answered (with the refusal) rather than thrown: the form must not offer to save it twice.
 */
export async function saveExpense({ id, input, submit }: SaveExpense) {
  const saved = id ? await updateExpense({ id, input }) : await createExpense(input);
  const savedId = id ?? saved.data._id;
  if (!submit) return { id: savedId, message: saved.message, submitError: null };
  try {
    const submitted = await transitionExpense({ id: savedId, transition: { action: 'submit' } });
    return { id: savedId, message: submitted.message, submitError: null };
  } catch (error) {
    return { id: savedId, message: saved.message, submitError: error };
  }
}

export function useSaveExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveExpense,
    onSuccess: ({ message, submitError }, { id }) => {
      if (submitError) notify.error(`${EXPENSE_MESSAGES.savedNotSubmitted} ${errorMessage(submitError, '')}`.trim());
      else notify.success(message || (id ? EXPENSE_MESSAGES.updated : EXPENSE_MESSAGES.created));
      return queryClient.invalidateQueries({ queryKey: expenseKeys.all });
    },
    onError: (error, { id }) =>
      notify.error(errorMessage(error, id ? EXPENSE_MESSAGES.updateFailed : EXPENSE_MESSAGES.createFailed)),
  });
}
