import { type ExpenseCategory, type ExpenseStatus, expenseListSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { expenseKeys } from './keys';

export interface ExpenseListQuery {
  school_id?: string | undefined;
  term_id?: string | undefined;
  status?: ExpenseStatus | undefined;
  category?: ExpenseCategory | undefined;
  search?: string | undefined;
  /** Only what waits for the caller's decision. */
  awaiting_me?: 'true' | undefined;
  page: number;
  limit: number;
}

/** One page of expense requests in the caller's schools, newest first. */
export async function getExpenses(query: ExpenseListQuery, signal?: AbortSignal) {
  return expenseListSchema.parse(await api.get('/expenses', { query: { ...query }, signal, silent: true }));
}

export function useExpenses(query: ExpenseListQuery, enabled = true) {
  return useQuery({
    queryKey: expenseKeys.list(query),
    queryFn: ({ signal }) => getExpenses(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
