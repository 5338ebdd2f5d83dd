import type { ExpenseListQuery } from './get-expenses';
import type { VendorListQuery } from './get-vendors';

/**
 * Query keys of Expenses. A payout moves an expense's status, its vendor's total and the term's
 * budget line at once, so every mutation refreshes everything under `all`.
 */
export const expenseKeys = {
  all: ['expenses'] as const,
  list: (query: ExpenseListQuery) => [...expenseKeys.all, 'list', query] as const,
  detail: (id: string) => [...expenseKeys.all, 'detail', id] as const,
  payees: (schoolId: string, search: string) => [...expenseKeys.all, 'payees', schoolId, search] as const,
  vendors: (query: VendorListQuery) => [...expenseKeys.all, 'vendors', query] as const,
  budgets: (schoolId: string, termId: string) => [...expenseKeys.all, 'budgets', schoolId, termId] as const,
  policy: (schoolId: string) => [...expenseKeys.all, 'policy', schoolId] as const,
};
