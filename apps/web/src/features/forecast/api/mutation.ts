import { useToastMutation } from '@/lib/hooks/use-toast-mutation';
import { forecastKeys } from './keys';

/**
 * A change to the commitments or a family reminded: the server's reason wins in the toast, and
 * the forecast is read again, since its cash flow and debtors count them.
 */
export function useForecastMutation<TVariables, TData>(options: {
  mutationFn(variables: TVariables): Promise<TData>;
  success: string;
  failure: string;
}) {
  return useToastMutation({ ...options, invalidate: [forecastKeys.all] });
}
