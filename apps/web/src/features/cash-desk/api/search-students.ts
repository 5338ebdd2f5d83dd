import { studentListSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cashDeskKeys } from './keys';

const RESULT_LIMIT = 8;

/** Students in the caller's schools whose name or registration number matches; errors show in the list. */
export async function searchStudents(search: string, signal?: AbortSignal) {
  const query = { search, limit: RESULT_LIMIT };
  return studentListSchema.parse(await api.get('/students', { query, signal, silent: true })).students;
}

export function useStudentSearch(search: string) {
  return useQuery({
    queryKey: cashDeskKeys.students(search),
    queryFn: ({ signal }) => searchStudents(search, signal),
    enabled: search !== '',
    placeholderData: keepPreviousData,
  });
}
