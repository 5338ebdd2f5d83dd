import { siblingsSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cashDeskKeys } from './keys';

/** The student's brothers and sisters at the caller's schools, and the family's credit. */
export async function getSiblings(studentId: string, signal?: AbortSignal) {
  const data = await api.get(`/students/${studentId}/siblings`, { signal, silent: true });
  return siblingsSchema.parse(data);
}

export function useSiblings(studentId: string | null) {
  return useQuery({
    queryKey: cashDeskKeys.siblings(studentId ?? ''),
    queryFn: ({ signal }) => getSiblings(studentId as string, signal),
    enabled: studentId !== null,
    // The credit shown is money the desk may spend: never an older answer.
    staleTime: 0,
    gcTime: 0,
  });
}
