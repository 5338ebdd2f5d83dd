import { myVirtualAccountsSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { studentFeeKeys } from './keys';

/** GET /virtual-accounts/mine: the family's own account at each school of the signed-in parent's or student's children. */
export async function getMyVirtualAccounts(signal?: AbortSignal) {
  const data = await api.get('/virtual-accounts/mine', { signal, silent: true });
  return myVirtualAccountsSchema.parse(data);
}

export function useMyVirtualAccounts() {
  return useQuery({
    queryKey: studentFeeKeys.virtualAccounts(),
    queryFn: ({ signal }) => getMyVirtualAccounts(signal),
  });
}
