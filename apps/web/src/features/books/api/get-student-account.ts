import { type StudentAccountQuery, studentAccountSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { booksKeys } from './keys';

/** What a student was charged and paid over the period, from the journal, with the running balance. */
export async function getStudentAccount(studentId: string, query: StudentAccountQuery, signal?: AbortSignal) {
  return studentAccountSchema.parse(
    await api.get(`/books/students/${encodeURIComponent(studentId)}/account`, {
      query: { ...query },
      signal,
      silent: true,
    }),
  );
}

export function useStudentAccount(studentId: string, query: StudentAccountQuery) {
  return useQuery({
    queryKey: booksKeys.studentAccount(studentId, query),
    queryFn: ({ signal }) => getStudentAccount(studentId, query, signal),
    placeholderData: keepPreviousData,
    enabled: studentId !== '',
  });
}
