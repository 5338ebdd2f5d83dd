import { type PaymentListQuery, paymentListSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { feeKeys } from './keys';

type Filters = Omit<PaymentListQuery, 'page' | 'limit'>;

export type PaymentsQuery = { [K in keyof Filters]?: Filters[K] | undefined } & { page: number; limit: number };

/** One page of the school's payments; the server filters and pages. */
export async function getPayments(query: PaymentsQuery, signal?: AbortSignal) {
  return paymentListSchema.parse(await api.get('/payment/all', { query: { ...query }, signal, silent: true }));
}

export function usePayments(query: PaymentsQuery, enabled = true) {
  // The previous page stays on screen while the next loads, so the cards do not jump.
  return useQuery({
    queryKey: feeKeys.payments(query),
    queryFn: ({ signal }) => getPayments(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
