import { studentFeesSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adjustmentKeys } from './keys';

/** The fees a student still owes, earlier terms' included: what a discount, scholarship or waiver can go on. */
export async function getStudentFees(studentId: string, signal?: AbortSignal) {
  const data = await api.get('/student/fees', {
    query: { student_id: studentId, unpaid: 'true' },
    signal,
    silent: true,
  });
  return studentFeesSchema.parse(data);
}

export function useStudentFees(studentId: string) {
  return useQuery({
    queryKey: adjustmentKeys.studentFees(studentId),
    queryFn: ({ signal }) => getStudentFees(studentId, signal),
    enabled: studentId !== '',
    // The preview is worked out from what is outstanding: always ask afresh.
    staleTime: 0,
  });
}
