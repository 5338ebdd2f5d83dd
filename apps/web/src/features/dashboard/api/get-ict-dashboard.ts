import { ictDashboardSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Locked-out people and recent technical activities: what the system status does not carry. */
export async function getIctDashboard(signal?: AbortSignal) {
  return ictDashboardSchema.parse(await api.get('/ict-admin/dashboard', { signal, silent: true }));
}

export function useIctDashboard() {
  return useQuery({ queryKey: ['dashboard', 'ict'], queryFn: ({ signal }) => getIctDashboard(signal) });
}
