import { paymentReminderListSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { feeKeys } from './keys';

export interface PaymentRemindersQuery {
  school_id?: string | undefined;
  sent?: 'true' | 'false' | undefined;
  page: number;
  limit: number;
}

/** One page of the payment reminders of the schools in scope, newest first. */
export async function getPaymentReminders(query: PaymentRemindersQuery, signal?: AbortSignal) {
  return paymentReminderListSchema.parse(
    await api.get('/notification/payment-reminders', { query: { ...query }, signal, silent: true }),
  );
}

export function usePaymentReminders(query: PaymentRemindersQuery, enabled = true) {
  return useQuery({
    queryKey: feeKeys.reminders(query),
    queryFn: ({ signal }) => getPaymentReminders(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
