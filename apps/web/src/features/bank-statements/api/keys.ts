import type { BankLineStatus } from '@schoolledger/domain';

/** Query keys of the bank statements screen; `all` is the prefix an upload or a decision refreshes. */
export const bankStatementKeys = {
  all: ['bankStatements'] as const,
  /** One school's lines in one status, with the counts of every status. */
  lines: (schoolId: string, status: BankLineStatus) => [...bankStatementKeys.all, 'lines', schoolId, status] as const,
  /** One school's settlements beside its statements, for the days shown. */
  reconciliation: (schoolId: string, from: string, to: string) =>
    [...bankStatementKeys.all, 'reconciliation', schoolId, from, to] as const,
};
