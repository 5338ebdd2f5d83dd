import { EXPENSE_CATEGORIES, EXPENSE_STATUSES, type ExpenseCategory, type ExpenseStatus } from '@schoolledger/domain';
import { type UrlFilterOptions, useUrlFilters } from '@/lib/hooks/use-url-filters';

export const EXPENSE_TABS = [
  ['expenses', 'Expenses'],
  ['awaiting', 'Awaiting my approval'],
  ['vendors', 'Vendors'],
  ['budgets', 'Budgets'],
] as const;

export type ExpenseTab = (typeof EXPENSE_TABS)[number][0];

export interface ExpenseFilters {
  tab: ExpenseTab;
  school: string;
  term: string;
  status: ExpenseStatus | 'all';
  category: ExpenseCategory | 'all';
  search: string;
  page: number;
}

const DEFAULTS: ExpenseFilters = {
  tab: 'expenses',
  school: '',
  term: '',
  status: 'all',
  category: 'all',
  search: '',
  page: 1,
};

const isTab = (value: string): value is ExpenseTab => EXPENSE_TABS.some(([tab]) => tab === value);
const isStatus = (value: string): value is ExpenseStatus | 'all' =>
  value === 'all' || EXPENSE_STATUSES.some((status) => status === value);
const isCategory = (value: string): value is ExpenseCategory | 'all' =>
  value === 'all' || EXPENSE_CATEGORIES.some((category) => category === value);

const OPTIONS: UrlFilterOptions<ExpenseFilters> = {
  parse: {
    tab: (raw) => (isTab(raw) ? raw : undefined),
    status: (raw) => (isStatus(raw) ? raw : undefined),
    category: (raw) => (isCategory(raw) ? raw : undefined),
  },
  // A term belongs to its school.
  dependents: { school: ['term'] },
};

/** The tab, filters and page live in the address, so a reload or a shared link shows the same list. */
export const useExpenseFilters = () => useUrlFilters(DEFAULTS, OPTIONS);
