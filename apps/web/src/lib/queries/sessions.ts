import { sessionSchema } from '@schoolledger/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const sessionKeys = {
  all: ['sessions'] as const,
  school: (schoolId: string) => [...sessionKeys.all, schoolId] as const,
};

export interface EntityQueryOptions {
  /** No error toast: a parent may not see the school of a child who attends another. */
  silent?: boolean;
}

export async function getSessions(schoolId: string, { silent }: EntityQueryOptions = {}, signal?: AbortSignal) {
  return z
    .array(sessionSchema)
    .parse(await api.get('/session/all', { query: { school_id: schoolId }, signal, silent }));
}

export const sessionsQueryOptions = (schoolId: string, options: EntityQueryOptions = {}) =>
  queryOptions({
    queryKey: sessionKeys.school(schoolId),
    queryFn: ({ signal }) => getSessions(schoolId, options, signal),
  });

/** Nothing is asked until a school is chosen. */
export function useSessions(schoolId: string | null | undefined, options: EntityQueryOptions = {}) {
  return useQuery({ ...sessionsQueryOptions(schoolId ?? '', options), enabled: Boolean(schoolId) });
}
