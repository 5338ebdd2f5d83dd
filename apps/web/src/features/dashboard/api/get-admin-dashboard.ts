import { adminDashboardSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function getAdminDashboard(signal?: AbortSignal) {
  return adminDashboardSchema.parse(await api.get('/admin/dashboard', { signal, silent: true }));
}

export function useAdminDashboard() {
  return useQuery({ queryKey: ['dashboard', 'admin'], queryFn: ({ signal }) => getAdminDashboard(signal) });
}
