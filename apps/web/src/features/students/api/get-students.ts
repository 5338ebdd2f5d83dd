import { STUDENT_PAGE_SIZE, studentListSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { StudentFilters } from '../lib/filters';
import { studentKeys } from './keys';

export type StudentPageQuery = StudentFilters & { page: number };

/** One page of students; the server filters and pages. */
export async function getStudents(query: StudentPageQuery, signal?: AbortSignal) {
  const params = { ...query, limit: STUDENT_PAGE_SIZE };
  return studentListSchema.parse(await api.get('/students', { query: params, signal, silent: true }));
}

export function useStudents(query: StudentPageQuery) {
  // The previous page stays on screen while the next loads, so the grid does not jump.
  return useQuery({
    queryKey: studentKeys.list(query),
    queryFn: ({ signal }) => getStudents(query, signal),
    placeholderData: keepPreviousData,
  });
}
