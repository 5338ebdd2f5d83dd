import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { booksKeys } from './keys';

export interface BooksMutationOptions<TVariables> {
  /** Answers the server's own message, shown as the success toast. */
  mutationFn(variables: TVariables): Promise<{ message: string }>;
  /** Shown when the server sends no message. */
  success: string;
  failure: string;
  /** A form that shows the server's reason beside its field says it there instead of in a toast. */
  quietFailure?: boolean;
}

/**
 * The requests run silently so the toast carries the server's own reason for a refusal (a code
 * already taken, a day already closed), not the generic text of its status.
 */
export function useBooksMutation<TVariables>({
  mutationFn,
  success,
  failure,
  quietFailure,
}: BooksMutationOptions<TVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ message }) => {
      notify.success(message || success);
      return queryClient.invalidateQueries({ queryKey: booksKeys.all });
    },
    onError: (error) => {
      if (!quietFailure) notify.error(errorMessage(error, failure));
    },
  });
}
