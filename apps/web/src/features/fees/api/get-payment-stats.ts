import { paymentStatsSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { feeKeys } from './keys';

export interface PaymentStatsQuery {
  school_id?: string | undefined;
  term_id?: string | undefined;
}

export async function getPaymentStats(query: PaymentStatsQuery, signal?: AbortSignal) {
  return paymentStatsSchema.parse(await api.get('/payment/stats', { query: { ...query }, signal, silent: true }));
}

export function usePaymentStats(query: PaymentStatsQuery, enabled = true) {
  return useQuery({
    queryKey: feeKeys.paymentStats(query),
    queryFn: ({ signal }) => getPaymentStats(query, signal),
    enabled,
  });
}
