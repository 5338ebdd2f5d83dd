import { openAllVirtualAccountsResultSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { virtualAccountKeys } from './keys';

export interface OpenAll {
  schoolId: string;
  limit: number;
}

/** POST /virtual-accounts/open-all: open the accounts of up to `limit` families that have none. */
export async function openAll({ schoolId, limit }: OpenAll) {
  const data = await api.post('/virtual-accounts/open-all', { school_id: schoolId, limit }, { silent: true });
  return openAllVirtualAccountsResultSchema.parse(data);
}

/** Silent: the card shows the outcome, or the server's reason for refusing the batch. */
export function useOpenAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openAll,
    onSettled: () => queryClient.invalidateQueries({ queryKey: virtualAccountKeys.allAccounts() }),
  });
}
