import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { feeKeys } from './keys';

export interface FeeMutationOptions<TVariables, TData> {
  mutationFn(variables: TVariables): Promise<TData>;
  /** SPEC §8 success text, such as 'Fee created successfully!'. */
  success: string;
  /** SPEC §8 fallback when the server gives no message, such as 'Failed to create fee'. */
  failure: string;
}

/**
 * The requests run silently so the toast carries the fee screen's own fallback text instead of
 * the generic status text; the server's message (such as why a delete was refused) still wins.
 */
export function useFeeMutation<TVariables, TData>({
  mutationFn,
  success,
  failure,
}: FeeMutationOptions<TVariables, TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      notify.success(success);
      return queryClient.invalidateQueries({ queryKey: feeKeys.data() });
    },
    onError: (error) => notify.error(errorMessage(error, failure)),
  });
}
