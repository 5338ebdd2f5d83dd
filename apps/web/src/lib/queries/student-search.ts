import { studentListSchema } from '@schoolledger/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type StudentSearchQuery = {
  search: string;
  /** Only this school's students; every school the caller may see when left out. */
  school?: string;
  limit: number;
};

export const studentSearchKeys = {
  all: ['studentSearch'] as const,
  query: (query: StudentSearchQuery) => [...studentSearchKeys.all, query] as const,
};

/** Students whose name or registration number matches; quiet, as the pickers show errors in their list. */
export async function searchStudents(query: StudentSearchQuery, signal?: AbortSignal) {
  return studentListSchema.parse(await api.get('/students', { query, signal, silent: true })).students;
}

export const studentSearchQueryOptions = (query: StudentSearchQuery) =>
  queryOptions({
    queryKey: studentSearchKeys.query(query),
    queryFn: ({ signal }) => searchStudents(query, signal),
    placeholderData: keepPreviousData,
  });

/** Nothing is asked before something is typed, nor before the school is chosen when one is required. */
export function useStudentSearch(query: StudentSearchQuery) {
  return useQuery({ ...studentSearchQueryOptions(query), enabled: query.search !== '' && query.school !== '' });
}
