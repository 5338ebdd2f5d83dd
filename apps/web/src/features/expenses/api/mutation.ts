import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { expenseKeys } from './keys';

export interface ExpenseMutationOptions<TVariables, TResult extends { message: string }> {
  /** Answers the server's own message, shown as the success toast. */
  mutationFn(variables: TVariables): Promise<TResult>;
  /** Shown when the server sends no message. */
  success: string;
  failure: string;
}

/**
 * The requests run silently so the toast carries the server's own reason for a refusal (such as
 * OWN_EXPENSE_APPROVAL's or PAYOUT_ABOVE_REMAINING's), not the generic text of its status.
 */
export function useExpenseMutation<TVariables, TResult extends { message: string } = { message: string }>({
  mutationFn,
  success,
  failure,
}: ExpenseMutationOptions<TVariables, TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ message }) => {
      notify.success(message || success);
      return queryClient.invalidateQueries({ queryKey: expenseKeys.all });
    },
    onError: (error) => notify.error(errorMessage(error, failure)),
  });
}
