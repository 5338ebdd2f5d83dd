import { type TrialBalanceQuery, trialBalanceSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { booksKeys } from './keys';

/** One school's trial balance, or the group's when no school is named. */
export async function getTrialBalance(query: TrialBalanceQuery, signal?: AbortSignal) {
  return trialBalanceSchema.parse(await api.get('/books/trial-balance', { query: { ...query }, signal, silent: true }));
}

export function useTrialBalance(query: TrialBalanceQuery, enabled = true) {
  return useQuery({
    queryKey: booksKeys.trialBalance(query),
    queryFn: ({ signal }) => getTrialBalance(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
