import { myVirtualAccountsSchema, type OpenMyVirtualAccountInput } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { studentFeeKeys } from './keys';

/** POST /virtual-accounts/mine: the payer opens the family's account with their BVN (sent to Flutterwave, not kept). */
export async function openMyVirtualAccount(input: OpenMyVirtualAccountInput) {
  return myVirtualAccountsSchema.parse(await api.post('/virtual-accounts/mine', input, { silent: true }));
}

export function useOpenMyVirtualAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openMyVirtualAccount,
    onSuccess: (accounts) => {
      queryClient.setQueryData(studentFeeKeys.virtualAccounts(), accounts);
      notify.success("Your family's account is open");
    },
  });
}
