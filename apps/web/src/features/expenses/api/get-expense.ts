import { expenseDetailSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { expenseKeys } from './keys';

/** One request with its attachments, payouts and history, each oldest first. */
export async function getExpense(id: string, signal?: AbortSignal) {
  return expenseDetailSchema.parse(await api.get(`/expenses/${id}`, { signal, silent: true }));
}

export function useExpense(id: string) {
  return useQuery({
    queryKey: expenseKeys.detail(id),
    queryFn: ({ signal }) => getExpense(id, signal),
    enabled: id !== '',
  });
}
