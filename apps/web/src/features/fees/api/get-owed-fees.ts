import { studentFeesSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { feeKeys } from './keys';

/** Every fee the student still owes, earlier terms' arrears included: what a reminder can be about. */
export async function getOwedFees(studentId: string, signal?: AbortSignal) {
  return studentFeesSchema.parse(
    await api.get('/student/fees', { query: { student_id: studentId, unpaid: 'true' }, signal, silent: true }),
  );
}

export function useOwedFees(studentId: string) {
  return useQuery({
    queryKey: feeKeys.owed(studentId),
    queryFn: ({ signal }) => getOwedFees(studentId, signal),
    enabled: studentId !== '',
  });
}
