import { budgetReportSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { expenseKeys } from './keys';

export interface BudgetQuery {
  schoolId: string;
  /** '' for the school's current term, which the server picks. */
  termId: string;
}

/** Every category with a budget or spending in the term, budget against actual and committed. */
export async function getBudgets({ schoolId, termId }: BudgetQuery, signal?: AbortSignal) {
  return budgetReportSchema.parse(
    await api.get('/budgets', { query: { school_id: schoolId, term_id: termId }, signal, silent: true }),
  );
}

export function useBudgets(query: BudgetQuery) {
  return useQuery({
    queryKey: expenseKeys.budgets(query.schoolId, query.termId),
    queryFn: ({ signal }) => getBudgets(query, signal),
    enabled: query.schoolId !== '',
  });
}
