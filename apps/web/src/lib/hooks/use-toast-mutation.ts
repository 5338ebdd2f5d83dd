import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';

/**
 * A change a screen makes with its requests silent: a toast says it was done, or the server's
 * reason (else the screen's own fallback), and the queries under each key of `invalidate` are read again.
 */
export function useToastMutation<TVariables, TData>({
  mutationFn,
  success,
  failure,
  invalidate,
}: {
  mutationFn(variables: TVariables): Promise<TData>;
  success: string;
  failure: string;
  invalidate: readonly QueryKey[];
}) {
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
