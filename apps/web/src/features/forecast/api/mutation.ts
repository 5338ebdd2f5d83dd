import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { forecastKeys } from './keys';

/**
 * A change to the commitments: the server's reason wins in the toast, and the forecast is read
 * again, since its cash flow counts them.
 */
export function useForecastMutation<TVariables, TData>({
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
      return queryClient.invalidateQueries({ queryKey: forecastKeys.all });
    },
    onError: (error) => notify.error(errorMessage(error, failure)),
  });
}
