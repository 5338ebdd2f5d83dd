import { expensePolicySchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { expenseKeys } from './keys';

/** The amount above which a school's expenses need the proprietor's approval. */
export async function getExpensePolicy(schoolId: string, signal?: AbortSignal) {
  return expensePolicySchema.parse(
    await api.get('/expense-policies', { query: { school_id: schoolId }, signal, silent: true }),
  );
}

export function useExpensePolicy(schoolId: string) {
  return useQuery({
    queryKey: expenseKeys.policy(schoolId),
    queryFn: ({ signal }) => getExpensePolicy(schoolId, signal),
    enabled: schoolId !== '',
  });
}
