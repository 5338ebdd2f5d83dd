import { studentFeesSchema } from '@schoolledger/domain';
import { useQueries } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { studentFeeKeys } from './keys';

/** Every fee a child still owes, from any term that has started: what a family checkout can pay. */
export async function getUnpaidFees(studentId: string, signal?: AbortSignal) {
  const data = await api.get('/student/fees', {
    query: { student_id: studentId, unpaid: 'true' },
    signal,
    silent: true,
  });
  return studentFeesSchema.parse(data);
}

export function useUnpaidFees(studentIds: string[], enabled: boolean) {
  return useQueries({
    queries: studentIds.map((studentId) => ({
      queryKey: studentFeeKeys.unpaid(studentId),
      queryFn: ({ signal }: { signal: AbortSignal }) => getUnpaidFees(studentId, signal),
      enabled,
    })),
  });
}
