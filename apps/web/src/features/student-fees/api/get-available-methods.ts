import { availableMethodsSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { PAYMENT_TEXT } from '../lib/messages';
import { studentFeeKeys } from './keys';

/** A parent asks for the child they are paying for; a student for their own school. */
export async function getAvailableMethods(studentId: string | null, signal?: AbortSignal) {
  try {
    const data = await api.get('/payment/available-methods', {
      query: { student_id: studentId },
      signal,
      silent: true,
    });
    return availableMethodsSchema.parse(data);
  } catch (error) {
    const announced = signal?.aborted || (error instanceof ApiError && error.status === 401);
    if (!announced) notify.error(PAYMENT_TEXT.methodsFailed);
    throw error;
  }
}

export function useAvailableMethods(studentId: string | null, enabled = true) {
  return useQuery({
    queryKey: studentFeeKeys.methods(studentId),
    queryFn: ({ signal }) => getAvailableMethods(studentId, signal),
    enabled,
    // The dialog falls back to cash and bank transfer at once rather than keep the payer waiting.
    retry: false,
    staleTime: 60_000,
  });
}
