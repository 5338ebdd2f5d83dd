import { termSchema } from '@schoolledger/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { academicKeys } from './keys';

/** The school's term whose dates include today, or null. */
export async function getCurrentTerm(schoolId: string, signal?: AbortSignal) {
  return termSchema.nullable().parse(await api.get('/term/current', { query: { school_id: schoolId }, signal }));
}

export const currentTermQueryOptions = (schoolId: string) =>
  queryOptions({
    queryKey: academicKeys.currentTerm(schoolId),
    queryFn: ({ signal }) => getCurrentTerm(schoolId, signal),
  });

export function useCurrentTerm(schoolId: string | null) {
  return useQuery({ ...currentTermQueryOptions(schoolId ?? ''), enabled: Boolean(schoolId) });
}
