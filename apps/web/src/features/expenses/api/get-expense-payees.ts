import { expensePayeeListSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { expenseKeys } from './keys';

/** Staff of a school who can be paid, matching the text typed; quiet, as the picker shows errors in its list. */
export async function getExpensePayees(schoolId: string, search: string, signal?: AbortSignal) {
  const data = await api.get('/expenses/payees', { query: { school_id: schoolId, search }, signal, silent: true });
  return expensePayeeListSchema.parse(data).payees;
}

/** Nothing is asked before a school is chosen and something typed. */
export function useExpensePayees(schoolId: string, search: string) {
  return useQuery({
    queryKey: expenseKeys.payees(schoolId, search),
    queryFn: ({ signal }) => getExpensePayees(schoolId, search, signal),
    enabled: schoolId !== '' && search !== '',
    placeholderData: keepPreviousData,
  });
}
