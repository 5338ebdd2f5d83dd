import type { GetMyPaymentsQuery } from './get-my-payments';
import type { StudentFeesQuery } from './get-student-fees';

/**
 * Query keys of the fee payment screen. A settled payment changes what is owed and what was paid,
 * so `fees` and `payments` each have a prefix that invalidates every page of them at once.
 */
export const studentFeeKeys = {
  all: ['studentFees'] as const,
  children: () => [...studentFeeKeys.all, 'children'] as const,
  allFees: () => [...studentFeeKeys.all, 'fees'] as const,
  fees: (query: StudentFeesQuery) => [...studentFeeKeys.allFees(), query] as const,
  allPayments: () => [...studentFeeKeys.all, 'payments'] as const,
  payments: (query: GetMyPaymentsQuery) => [...studentFeeKeys.allPayments(), query] as const,
  methods: (studentId: string | null) => [...studentFeeKeys.all, 'methods', studentId ?? 'self'] as const,
  unpaid: (studentId: string) => [...studentFeeKeys.allFees(), 'unpaid', studentId] as const,
  checkout: (reference: string) => [...studentFeeKeys.all, 'checkout', reference] as const,
  /** The family's own bank account at each school (a dedicated virtual account). */
  virtualAccounts: () => [...studentFeeKeys.all, 'virtualAccounts'] as const,
};
