import type { CreditPaybackDecision } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, requestWithMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { cashDeskKeys } from './keys';

/** PATCH /family-credit/paybacks/{id}/decision: by someone other than the person who asked. */
export async function decideCreditPayback({ id, decision }: { id: string; decision: CreditPaybackDecision }) {
  return requestWithMessage(`/family-credit/paybacks/${id}/decision`, {
    method: 'PATCH',
    body: decision,
    silent: true,
  });
}

/** Silent request, so the toast carries the server's own reason for a refusal (e.g. the credit was used since). */
export function useDecideCreditPayback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideCreditPayback,
    onSuccess: ({ message }) => {
      notify.success(message || 'Payback decided');
      return queryClient.invalidateQueries({ queryKey: cashDeskKeys.all });
    },
    onError: (error) => notify.error(errorMessage(error, 'The payback could not be decided. Please try again.')),
  });
}
