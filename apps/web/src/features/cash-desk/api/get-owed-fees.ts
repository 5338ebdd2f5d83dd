import { owedFeesSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cashDeskKeys } from './keys';

/** GET /bursar/owed-fees: every student of the bursar's school who owes, with each fee owed. */
export async function getOwedFees(signal?: AbortSignal) {
  return owedFeesSchema.parse(await api.get('/bursar/owed-fees', { signal, silent: true }));
}

/**
 * Read while online so the desk can keep taking cash when the network drops: on opening the desk,
 * on coming back online, on returning to the tab, and after every payment (which refreshes every
 * query). Nothing polls.
 */
export function useOwedFees(enabled: boolean) {
  return useQuery({
    queryKey: cashDeskKeys.owedFees(),
    queryFn: ({ signal }) => getOwedFees(signal),
    enabled,
    retry: false,
  });
}
