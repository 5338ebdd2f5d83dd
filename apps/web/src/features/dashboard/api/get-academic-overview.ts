import { principalAcademicOverviewSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function getAcademicOverview(signal?: AbortSignal) {
  return principalAcademicOverviewSchema.parse(await api.get('/principal/academic-overview', { signal, silent: true }));
}

export function useAcademicOverview() {
  return useQuery({
    queryKey: ['dashboard', 'principal', 'academic-overview'],
    queryFn: ({ signal }) => getAcademicOverview(signal),
  });
}
