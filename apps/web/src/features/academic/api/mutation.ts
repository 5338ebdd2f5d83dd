import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';

export interface AcademicMutationOptions<TVariables, TData> {
  mutationFn(variables: TVariables): Promise<TData>;
  /** SPEC §8 success text, such as 'Session created successfully!'. */
  success: string;
  /** SPEC §8 fallback when the server gives no message, such as 'Failed to create session'. */
  failure: string;
  invalidate: readonly QueryKey[];
}

/**
 * The requests run silently so the toast can carry the screen's own fallback text ('Failed to
 * create school') instead of the generic status text; the server's message still wins.
 */
export function useAcademicMutation<TVariables, TData>({
  mutationFn,
  success,
  failure,
  invalidate,
}: AcademicMutationOptions<TVariables, TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      notify.success(success);
      return Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => notify.error(errorMessage(error, failure)),
  });
}
