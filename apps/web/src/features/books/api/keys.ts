import type { LedgerIntegrityQuery, StudentAccountQuery, TrialBalanceQuery } from '@schoolledger/domain';

/** What one account's ledger is read for; the pages' cursor is not part of it. */
export interface GeneralLedgerRead {
  account_id: string;
  from: string;
  to: string;
}

/**
 * Query keys of the books. A change to the chart renames lines everywhere and a close changes what
 * may be posted, so every mutation refreshes everything under `all`.
 */
export const booksKeys = {
  all: ['books'] as const,
  accounts: (schoolId: string) => [...booksKeys.all, 'accounts', schoolId] as const,
  trialBalance: (query: TrialBalanceQuery) => [...booksKeys.all, 'trial-balance', query] as const,
  generalLedger: (query: GeneralLedgerRead) => [...booksKeys.all, 'general-ledger', query] as const,
  students: (schoolId: string, search: string) => [...booksKeys.all, 'students', schoolId, search] as const,
  studentAccount: (studentId: string, query: StudentAccountQuery) =>
    [...booksKeys.all, 'student-account', studentId, query] as const,
  closes: (schoolId: string) => [...booksKeys.all, 'closes', schoolId] as const,
  /** Every last check read: one school's, or the group's when none is named. */
  integrityAll: () => [...booksKeys.all, 'integrity'] as const,
  integrity: (query: LedgerIntegrityQuery) => [...booksKeys.integrityAll(), query] as const,
};
