import { termSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { feeKeys } from './keys';

/** Every term of a school, each flagged whether it is the current one. */
export async function getTerms(schoolId: string, signal?: AbortSignal) {
  return z.array(termSchema).parse(await api.get('/term/all', { query: { school_id: schoolId }, signal }));
}

export function useTerms(schoolId: string) {
  return useQuery({
    queryKey: feeKeys.terms(schoolId),
    queryFn: ({ signal }) => getTerms(schoolId, signal),
    enabled: schoolId !== '',
  });
}
