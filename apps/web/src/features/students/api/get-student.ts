import { type Student, studentSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { studentKeys } from './keys';

export async function getStudent(id: string, signal?: AbortSignal) {
  return studentSchema.parse(await api.get(`/students/${id}`, { signal }));
}

/** The list's copy shows at once; the fresh record replaces it when it arrives. */
export function useStudent(id: string, initial?: Student) {
  return useQuery({
    queryKey: studentKeys.detail(id),
    queryFn: ({ signal }) => getStudent(id, signal),
    placeholderData: initial,
  });
}
