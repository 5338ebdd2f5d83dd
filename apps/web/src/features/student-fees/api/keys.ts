import type { StudentFeesQuery } from './get-student-fees';

/** Query keys of the fee payment screen. */
export const studentFeeKeys = {
  all: ['studentFees'] as const,
  children: () => [...studentFeeKeys.all, 'children'] as const,
  sessions: (schoolId: string) => [...studentFeeKeys.all, 'sessions', schoolId] as const,
  terms: (schoolId: string) => [...studentFeeKeys.all, 'terms', schoolId] as const,
  fees: (query: StudentFeesQuery) => [...studentFeeKeys.all, 'fees', query] as const,
};
