import { systemOverviewSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function getSystemOverview(signal?: AbortSignal) {
  return systemOverviewSchema.parse(await api.get('/admin/system-overview', { signal, silent: true }));
}

export function useSystemOverview() {
  return useQuery({ queryKey: ['overview', 'system'], queryFn: ({ signal }) => getSystemOverview(signal) });
}
