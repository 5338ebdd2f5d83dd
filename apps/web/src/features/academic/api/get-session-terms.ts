import { termSchema } from '@schoolledger/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { academicKeys } from './keys';

export async function getSessionTerms(sessionId: string, signal?: AbortSignal) {
  return z.array(termSchema).parse(await api.get('/term/by-session', { query: { session_id: sessionId }, signal }));
}

export const sessionTermsQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: academicKeys.sessionTerms(sessionId),
    queryFn: ({ signal }) => getSessionTerms(sessionId, signal),
  });

export function useSessionTerms(sessionId: string | null) {
  return useQuery({ ...sessionTermsQueryOptions(sessionId ?? ''), enabled: Boolean(sessionId) });
}
