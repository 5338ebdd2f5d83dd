import { proprietorDashboardSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The proprietor's group at a glance. */
export async function getProprietorDashboard(signal?: AbortSignal) {
  return proprietorDashboardSchema.parse(await api.get('/proprietor/dashboard', { signal, silent: true }));
}

export function useProprietorDashboard() {
  return useQuery({ queryKey: ['dashboard', 'proprietor'], queryFn: ({ signal }) => getProprietorDashboard(signal) });
}
