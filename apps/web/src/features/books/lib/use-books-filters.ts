import { type UrlFilterOptions, useUrlFilters } from '@/lib/hooks/use-url-filters';

export const BOOKS_TABS = [
  ['trial-balance', 'Trial balance'],
  ['ledger', 'General ledger'],
  ['student', 'Student account'],
  ['chart', 'Chart of accounts'],
  ['close', 'Period close'],
  ['exports', 'Exports'],
  ['integrity', 'Integrity'],
] as const;
export type BooksTab = (typeof BOOKS_TABS)[number][0];

/**
 * What the Books screen keeps in the address, so a reload or a shared link opens the same view:
 * the tab, the school (for those who choose one), the period, and the account or student read.
 */
export interface BooksUrlFilters {
  tab: BooksTab;
  school: string;
  from: string;
  to: string;
  account: string;
  student: string;
}

const DEFAULTS: BooksUrlFilters = { tab: 'trial-balance', school: '', from: '', to: '', account: '', student: '' };

const isDate = (raw: string) => (/^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined);

const OPTIONS: UrlFilterOptions<BooksUrlFilters> = {
  parse: {
    tab: (raw) => (BOOKS_TABS.some(([tab]) => tab === raw) ? (raw as BooksTab) : undefined),
    from: isDate,
    to: isDate,
  },
  // An account and a student belong to their school.
  dependents: { school: ['account', 'student'] },
};

export function useBooksFilters() {
  return useUrlFilters(DEFAULTS, OPTIONS);
}
