import { paymentReminderSchema } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { REMINDER_MESSAGES } from '../lib/reminder-messages';
import { useFeeMutation } from './mutation';

/** Sends a stored reminder now; the server refuses one already sent. */
export async function sendPaymentReminder(reminderId: string) {
  return paymentReminderSchema.parse(
    await api.post(`/notification/payment-reminder/${reminderId}/send`, undefined, { silent: true }),
  );
}

export function useSendPaymentReminder() {
  return useFeeMutation({
    mutationFn: sendPaymentReminder,
    success: REMINDER_MESSAGES.sent,
    failure: REMINDER_MESSAGES.sendFailed,
  });
}
