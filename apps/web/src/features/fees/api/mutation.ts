import { useToastMutation } from '@/lib/hooks/use-toast-mutation';
import { feeKeys } from './keys';

/**
 * A fee change: the toast carries the fee screen's own fallback text instead of the generic status
 * text, the server's message (such as why a delete was refused) still winning, and every fee list
 * is read again.
 */
export function useFeeMutation<TVariables, TData>(options: {
  mutationFn(variables: TVariables): Promise<TData>;
  /** Success text, such as 'Fee created successfully!'. */
  success: string;
  /** The fallback when the server gives no message, such as 'Failed to create fee'. */
  failure: string;
}) {
  return useToastMutation({ ...options, invalidate: [feeKeys.data()] });
}
