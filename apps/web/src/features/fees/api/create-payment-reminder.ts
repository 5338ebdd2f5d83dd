import { paymentReminderSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { REMINDER_MESSAGES } from '../lib/reminder-messages';
import { feeKeys } from './keys';
import { sendPaymentReminder } from './send-payment-reminder';

export interface CreatePaymentReminderVariables {
  feeId: string;
  studentId: string;
}

/** Stores an unsent reminder of the fee for the student and for each of their parents. */
export async function createPaymentReminder(variables: CreatePaymentReminderVariables) {
  return z
    .array(paymentReminderSchema)
    .parse(await api.post('/notification/payment-reminder', variables, { silent: true }));
}

/**
 * A bursar's reminder goes out at once: create it, then send each one created. Each step has its
 * own toast, so a failed send leaves the reminder listed as not sent, to be sent again from the list.
 */
export function useRemindStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: CreatePaymentReminderVariables) => {
      let created: Awaited<ReturnType<typeof createPaymentReminder>>;
      try {
        created = await createPaymentReminder(variables);
      } catch (error) {
        notify.error(errorMessage(error, REMINDER_MESSAGES.createFailed));
        throw error;
      }
      notify.success(REMINDER_MESSAGES.created);
      try {
        const sent = await Promise.all(created.map((reminder) => sendPaymentReminder(reminder._id)));
        notify.success(REMINDER_MESSAGES.sent);
        return sent;
      } catch (error) {
        notify.error(errorMessage(error, REMINDER_MESSAGES.sendFailed));
        throw error;
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: feeKeys.data() }),
  });
}
