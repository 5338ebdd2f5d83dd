import { useToastMutation } from '@/lib/hooks/use-toast-mutation';
import { tillKeys } from './keys';

/**
 * A till step: the server's message wins in the toast (why a close needs a reason, who may
 * confirm), and every till list and report is refreshed after it.
 */
export function useTillMutation<TVariables, TData>(options: {
  mutationFn(variables: TVariables): Promise<TData>;
  success: string;
  failure: string;
}) {
  return useToastMutation({ ...options, invalidate: [tillKeys.all] });
}
