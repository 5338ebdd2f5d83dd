import { sessionSchema } from '@schoolledger/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { academicKeys } from './keys';

export async function getSessions(schoolId: string, signal?: AbortSignal) {
  return z.array(sessionSchema).parse(await api.get('/session/all', { query: { school_id: schoolId }, signal }));
}

export const sessionsQueryOptions = (schoolId: string) =>
  queryOptions({
    queryKey: academicKeys.schoolSessions(schoolId),
    queryFn: ({ signal }) => getSessions(schoolId, signal),
  });

export function useSessions(schoolId: string | null) {
  return useQuery({ ...sessionsQueryOptions(schoolId ?? ''), enabled: Boolean(schoolId) });
}
