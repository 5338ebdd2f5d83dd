import { studentListSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { feeKeys } from './keys';

const RESULT_LIMIT = 10;

/** The first students of a school matching a name or registration number, to pick for a fee. */
export async function searchStudents(schoolId: string, search: string, signal?: AbortSignal) {
  const query = { school: schoolId, search, limit: RESULT_LIMIT };
  return studentListSchema.parse(await api.get('/students', { query, signal, silent: true })).students;
}

export function useStudentSearch(schoolId: string, search: string) {
  return useQuery({
    queryKey: feeKeys.students(schoolId, search),
    queryFn: ({ signal }) => searchStudents(schoolId, search, signal),
    enabled: schoolId !== '' && search !== '',
    placeholderData: keepPreviousData,
  });
}
