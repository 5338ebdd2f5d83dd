import { bookStudentSearchSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { booksKeys } from './keys';

/** Students whose account the caller may read, by name or admission number. */
export async function searchBookStudents(schoolId: string, search: string, signal?: AbortSignal) {
  return bookStudentSearchSchema.parse(
    await api.get('/books/students', { query: { school_id: schoolId, search }, signal, silent: true }),
  ).students;
}

/** Nothing is asked before something is typed. */
export function useBookStudents(schoolId: string, search: string) {
  return useQuery({
    queryKey: booksKeys.students(schoolId, search),
    queryFn: ({ signal }) => searchBookStudents(schoolId, search, signal),
    placeholderData: keepPreviousData,
    enabled: search !== '',
  });
}
