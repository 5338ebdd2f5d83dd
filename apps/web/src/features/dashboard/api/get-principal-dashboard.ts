import { principalDashboardSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The principal's school at a glance. */
export async function getPrincipalDashboard(signal?: AbortSignal) {
  return principalDashboardSchema.parse(await api.get('/principal/dashboard', { signal, silent: true }));
}

export function usePrincipalDashboard() {
  return useQuery({ queryKey: ['dashboard', 'principal'], queryFn: ({ signal }) => getPrincipalDashboard(signal) });
}
