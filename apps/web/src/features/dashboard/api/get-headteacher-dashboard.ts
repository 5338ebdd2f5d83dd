import { headteacherDashboardSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function getHeadteacherDashboard(signal?: AbortSignal) {
  return headteacherDashboardSchema.parse(await api.get('/headteacher/dashboard', { signal, silent: true }));
}

export function useHeadteacherDashboard() {
  return useQuery({
    queryKey: ['dashboard', 'headteacher'],
    queryFn: ({ signal }) => getHeadteacherDashboard(signal),
  });
}
