import { termSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { studentFeeKeys } from './keys';

export async function getTerms(schoolId: string, signal?: AbortSignal) {
  return z
    .array(termSchema)
    .parse(await api.get('/term/all', { query: { school_id: schoolId }, signal, silent: true }));
}

/**
 * The terms of the student's school, for the term filter and the preselected term. Quiet on
 * failure: a parent may not see the school of a child who attends another, and the page then
 * falls back to the server's current term.
 */
export function useTerms(schoolId: string | null) {
  return useQuery({
    queryKey: studentFeeKeys.terms(schoolId ?? ''),
    queryFn: ({ signal }) => getTerms(schoolId ?? '', signal),
    enabled: Boolean(schoolId),
    staleTime: 300_000,
  });
}
