import { creditPaybackListSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cashDeskKeys } from './keys';

/** How many waiting paybacks the desk shows at once; the oldest wait longest, so none is hidden for long. */
const WAITING_LIMIT = 50;

/** GET /family-credit/paybacks?status=pending: credit paybacks waiting for a second person, newest first. */
export async function getWaitingPaybacks(signal?: AbortSignal) {
  const data = await api.get(`/family-credit/paybacks?status=pending&limit=${WAITING_LIMIT}`, { signal, silent: true });
  return creditPaybackListSchema.parse(data);
}

export function useWaitingPaybacks(enabled: boolean) {
  return useQuery({
    queryKey: cashDeskKeys.paybacks(),
    queryFn: ({ signal }) => getWaitingPaybacks(signal),
    enabled,
  });
}
