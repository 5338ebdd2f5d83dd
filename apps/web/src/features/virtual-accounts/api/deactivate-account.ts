import { deactivateVirtualAccountInputSchema, virtualAccountSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { virtualAccountKeys } from './keys';

export interface DeactivateAccount {
  accountId: string;
  reason: string;
}

/** POST /virtual-accounts/{id}/deactivate: closed at Paystack, then here, with the reason. */
export async function deactivateAccount({ accountId, reason }: DeactivateAccount) {
  const data = await api.post(
    `/virtual-accounts/${accountId}/deactivate`,
    deactivateVirtualAccountInputSchema.parse({ reason }),
    { silent: true },
  );
  return virtualAccountSchema.parse(data);
}

export function useDeactivateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateAccount,
    onSuccess: (account) => notify.success(`${account.holder.name}'s account was closed`),
    onError: (error) => notify.error(errorMessage(error, 'The account could not be closed. Please try again.')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: virtualAccountKeys.allAccounts() }),
  });
}
