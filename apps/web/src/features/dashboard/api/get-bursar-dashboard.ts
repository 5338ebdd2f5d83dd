import { bursarDashboardSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The bursar's school at a glance. */
export async function getBursarDashboard(signal?: AbortSignal) {
  return bursarDashboardSchema.parse(await api.get('/bursar/dashboard', { signal, silent: true }));
}

export function useBursarDashboard() {
  return useQuery({ queryKey: ['dashboard', 'bursar'], queryFn: ({ signal }) => getBursarDashboard(signal) });
}
