import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useStudentError } from '../stores/student-error';
import { studentChangeKeys } from './keys';

export interface StudentMutationOptions<TVariables, TData> {
  mutationFn(variables: TVariables): Promise<TData>;
  /** Success toast; a function when the text depends on the answer. */
  success: string | ((data: TData) => string);
  /** SPEC §8 fallback when the server gives no message, such as 'Failed to create student'. */
  failure: string;
  invalidate?: readonly QueryKey[];
}

/**
 * The requests run silently so the failure carries the screen's own fallback text; it is toasted
 * and also kept in the page's red 'Error' box (SPEC §8), which clears itself.
 */
export function useStudentMutation<TVariables, TData>({
  mutationFn,
  success,
  failure,
  invalidate = studentChangeKeys,
}: StudentMutationOptions<TVariables, TData>) {
  const queryClient = useQueryClient();
  const showError = useStudentError((state) => state.show);
  return useMutation({
    mutationFn,
    onSuccess: (data) => {
      notify.success(typeof success === 'function' ? success(data) : success);
      return Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      const message = errorMessage(error, failure);
      notify.error(message);
      showError(message);
    },
  });
}
