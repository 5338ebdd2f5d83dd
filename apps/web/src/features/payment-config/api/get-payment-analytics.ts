import { paymentAnalyticsSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentConfigKeys } from './keys';

export interface PaymentAnalyticsQuery {
  school_id: string;
  from?: string;
  to?: string;
}

export async function getPaymentAnalytics(query: PaymentAnalyticsQuery, signal?: AbortSignal) {
  return paymentAnalyticsSchema.parse(
    await api.get('/payment/analytics', { query: { ...query }, signal, silent: true }),
  );
}

export function usePaymentAnalytics(query: PaymentAnalyticsQuery, enabled: boolean) {
  return useQuery({
    queryKey: paymentConfigKeys.analytics(query),
    queryFn: ({ signal }) => getPaymentAnalytics(query, signal),
    enabled: enabled && query.school_id !== '',
    placeholderData: keepPreviousData,
  });
}
