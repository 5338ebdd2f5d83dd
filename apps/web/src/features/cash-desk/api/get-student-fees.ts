import { studentFeesSchema } from '@schoolledger/domain';
import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cashDeskKeys } from './keys';

/** Every fee a student still owes, earlier terms' arrears included: staff name the student. */
export async function getStudentFees(studentId: string, signal?: AbortSignal) {
  const data = await api.get('/student/fees', {
    query: { student_id: studentId, unpaid: 'true' },
    signal,
    silent: true,
  });
  return studentFeesSchema.parse(data);
}

export function useStudentFees(studentId: string | null) {
  return useQuery({
    queryKey: cashDeskKeys.fees(studentId ?? ''),
    queryFn: ({ signal }) => getStudentFees(studentId as string, signal),
    enabled: studentId !== null,
    // The desk takes money against these figures: always ask afresh, never show an older answer.
    staleTime: 0,
    gcTime: 0,
  });
}

/** The owed fees of several children at once, for one family payment. */
export function useFamilyFees(studentIds: string[]) {
  return useQueries({
    queries: studentIds.map((studentId) => ({
      queryKey: cashDeskKeys.fees(studentId),
      queryFn: ({ signal }: { signal: AbortSignal }) => getStudentFees(studentId, signal),
      staleTime: 0,
      gcTime: 0,
    })),
  });
}
