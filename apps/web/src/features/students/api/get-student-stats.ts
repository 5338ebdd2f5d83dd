import { studentStatsSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { studentKeys } from './keys';

export interface StatsScope {
  school?: string | undefined;
  classArm?: string | undefined;
}

export async function getStudentStats(scope: StatsScope, signal?: AbortSignal) {
  return studentStatsSchema.parse(await api.get('/students/stats', { query: { ...scope }, signal, silent: true }));
}

export function useStudentStats(scope: StatsScope) {
  return useQuery({ queryKey: studentKeys.stats(scope), queryFn: ({ signal }) => getStudentStats(scope, signal) });
}
