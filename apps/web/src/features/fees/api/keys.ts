import type { FeeStatsQuery } from './get-fee-stats';
import type { FeeListQuery } from './get-fees';
import type { OutstandingReportQuery } from './get-outstanding-report';
import type { PaymentRemindersQuery } from './get-payment-reminders';
import type { PaymentStatsQuery } from './get-payment-stats';
import type { PaymentsQuery } from './get-payments';

/**
 * Query keys of Fee Management. Everything a fee or payment change can alter sits under `data`,
 * so a mutation refreshes it in one go; schools, terms and class arms are the shared entity queries.
 */
export const feeKeys = {
  all: ['fees'] as const,
  data: () => [...feeKeys.all, 'data'] as const,
  list: (query: FeeListQuery) => [...feeKeys.data(), 'list', query] as const,
  stats: (query: FeeStatsQuery) => [...feeKeys.data(), 'stats', query] as const,
  unapproved: () => [...feeKeys.data(), 'unapproved'] as const,
  history: (feeId: string) => [...feeKeys.data(), 'history', feeId] as const,
  payments: (query: PaymentsQuery) => [...feeKeys.data(), 'payments', query] as const,
  paymentStats: (query: PaymentStatsQuery) => [...feeKeys.data(), 'paymentStats', query] as const,
  outstanding: (query: OutstandingReportQuery) => [...feeKeys.data(), 'outstanding', query] as const,
  reminders: (query: PaymentRemindersQuery) => [...feeKeys.data(), 'reminders', query] as const,
  reminderSettings: (schoolId: string) => [...feeKeys.data(), 'reminderSettings', schoolId] as const,
  owed: (studentId: string) => [...feeKeys.data(), 'owed', studentId] as const,
  debtorReminders: (feeId: string) => [...feeKeys.data(), 'debtorReminders', feeId] as const,
  proof: (paymentId: string) => [...feeKeys.all, 'proof', paymentId] as const,
};
