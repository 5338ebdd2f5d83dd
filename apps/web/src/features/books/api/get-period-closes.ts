import { periodClosesSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { booksKeys } from './keys';

/** The last day a school's books are closed through, and every close, newest first. */
export async function getPeriodCloses(schoolId: string, signal?: AbortSignal) {
  return periodClosesSchema.parse(
    await api.get('/books/closes', { query: { school_id: schoolId }, signal, silent: true }),
  );
}

export function usePeriodCloses(schoolId: string) {
  return useQuery({
    queryKey: booksKeys.closes(schoolId),
    queryFn: ({ signal }) => getPeriodCloses(schoolId, signal),
    enabled: schoolId !== '',
  });
}
