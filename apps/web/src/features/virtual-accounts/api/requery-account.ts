import { requeryVirtualAccountResultSchema } from '@schoolledger/domain';
import { useMutation } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';

/** POST /virtual-accounts/{id}/requery: Paystack sends again today's transfers it did not notify. */
export async function requeryAccount(accountId: string) {
  const data = await api.post(`/virtual-accounts/${accountId}/requery`, {}, { silent: true });
  return requeryVirtualAccountResultSchema.parse(data);
}

export function useRequeryAccount() {
  return useMutation({
    mutationFn: requeryAccount,
    onSuccess: (result) =>
      notify.success(
        `Paystack will send any missed transfers into ${result.account_number} for ${result.date} shortly`,
      ),
    onError: (error) => notify.error(errorMessage(error, 'Paystack could not be asked. Please try again.')),
  });
}
