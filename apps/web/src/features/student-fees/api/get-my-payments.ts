import { paymentListSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { PAYMENT_TEXT } from '../lib/messages';
import { studentFeeKeys } from './keys';

export const HISTORY_PAGE_SIZE = 10;

/** Without a student the caller's own payments; a parent names the child. */
export interface GetMyPaymentsQuery {
  studentId: string | null;
  page: number;
}

export async function getMyPayments(query: GetMyPaymentsQuery, signal?: AbortSignal) {
  try {
    const data = await api.get('/payment/all', {
      query: { student_id: query.studentId, page: query.page, limit: HISTORY_PAGE_SIZE },
      signal,
      silent: true,
    });
    return paymentListSchema.parse(data);
  } catch (error) {
    const announced = signal?.aborted || (error instanceof ApiError && error.status === 401);
    if (!announced) notify.error(PAYMENT_TEXT.historyFailed);
    throw error;
  }
}

export function useMyPayments(query: GetMyPaymentsQuery) {
  return useQuery({
    queryKey: studentFeeKeys.payments(query),
    queryFn: ({ signal }) => getMyPayments(query, signal),
    placeholderData: keepPreviousData,
  });
}
