import { auditorDashboardSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function getAuditorDashboard(signal?: AbortSignal) {
  return auditorDashboardSchema.parse(await api.get('/auditor/dashboard', { signal, silent: true }));
}

export function useAuditorDashboard() {
  return useQuery({ queryKey: ['dashboard', 'auditor'], queryFn: ({ signal }) => getAuditorDashboard(signal) });
}
