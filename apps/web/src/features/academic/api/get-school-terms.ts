import { termSchema } from '@schoolledger/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { academicKeys } from './keys';

export async function getSchoolTerms(schoolId: string, signal?: AbortSignal) {
  return z.array(termSchema).parse(await api.get('/term/all', { query: { school_id: schoolId }, signal }));
}

export const schoolTermsQueryOptions = (schoolId: string) =>
  queryOptions({
    queryKey: academicKeys.schoolTerms(schoolId),
    queryFn: ({ signal }) => getSchoolTerms(schoolId, signal),
  });

export function useSchoolTerms(schoolId: string | null) {
  return useQuery({ ...schoolTermsQueryOptions(schoolId ?? ''), enabled: Boolean(schoolId) });
}
