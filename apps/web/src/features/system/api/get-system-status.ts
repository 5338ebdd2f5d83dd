import { systemStatusSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { systemKeys } from './keys';

export async function getSystemStatus(signal?: AbortSignal) {
  return systemStatusSchema.parse(await api.get('/ict-admin/system-status', { signal, silent: true }));
}

/** Refreshed every 30 seconds while open: the page is watched when something is wrong. */
export function useSystemStatus() {
  return useQuery({
    queryKey: systemKeys.status(),
    queryFn: ({ signal }) => getSystemStatus(signal),
    refetchInterval: 30_000,
  });
}
