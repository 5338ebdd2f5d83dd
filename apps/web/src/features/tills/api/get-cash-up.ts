import { type TillCashUpQuery, tillCashUpSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tillKeys } from './keys';

/** A school's day at the cash desk: every till opened that day, with the day's totals. */
export async function getCashUp(query: TillCashUpQuery, signal?: AbortSignal) {
  return tillCashUpSchema.parse(await api.get('/tills/cash-up', { query: { ...query }, signal, silent: true }));
}

export function useCashUp(query: TillCashUpQuery) {
  return useQuery({
    queryKey: tillKeys.cashUp(query),
    queryFn: ({ signal }) => getCashUp(query, signal),
    placeholderData: keepPreviousData,
  });
}
