import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { tillKeys } from './keys';

/**
 * A till step: the server's message wins in the toast (why a close needs a reason, who may
 * confirm), and every till list and report is refreshed after it.
 */
export function useTillMutation<TVariables, TData>({
  mutationFn,
  success,
  failure,
}: {
  mutationFn(variables: TVariables): Promise<TData>;
  success: string;
  failure: string;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      notify.success(success);
      return queryClient.invalidateQueries({ queryKey: tillKeys.all });
    },
    onError: (error) => notify.error(errorMessage(error, failure)),
  });
}
