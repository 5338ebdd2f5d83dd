import { sessionSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { studentFeeKeys } from './keys';

export async function getSessions(schoolId: string, signal?: AbortSignal) {
  return z
    .array(sessionSchema)
    .parse(await api.get('/session/all', { query: { school_id: schoolId }, signal, silent: true }));
}

/** The sessions of the student's school, for the session filter; quiet on failure like the terms. */
export function useSessions(schoolId: string | null) {
  return useQuery({
    queryKey: studentFeeKeys.sessions(schoolId ?? ''),
    queryFn: ({ signal }) => getSessions(schoolId ?? '', signal),
    enabled: Boolean(schoolId),
    staleTime: 300_000,
  });
}
