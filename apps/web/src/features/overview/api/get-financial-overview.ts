import { type FinancialPeriod, financialOverviewSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function getFinancialOverview(period: FinancialPeriod, signal?: AbortSignal) {
  return financialOverviewSchema.parse(
    await api.get('/admin/financial-overview', { query: { period }, signal, silent: true }),
  );
}

export function useFinancialOverview(period: FinancialPeriod) {
  return useQuery({
    queryKey: ['overview', 'financial', period],
    queryFn: ({ signal }) => getFinancialOverview(period, signal),
    placeholderData: keepPreviousData,
  });
}
