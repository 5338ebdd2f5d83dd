import { studentSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reportKeys } from './keys';

/** The student a link or a saved file names, so the statement's filter shows a name, not an id. */
export async function getStudent(id: string, signal?: AbortSignal) {
  return studentSchema.parse(await api.get(`/students/${id}`, { signal, silent: true }));
}

export function useStudent(id: string | undefined) {
  return useQuery({
    queryKey: reportKeys.student(id ?? ''),
    queryFn: ({ signal }) => getStudent(id ?? '', signal),
    enabled: Boolean(id),
    staleTime: 300_000,
  });
}
