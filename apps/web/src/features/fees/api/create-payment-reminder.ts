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
 * own toast. Only a failed create fails the whole (the form stays open to try again); a failed send
 * leaves that reminder listed as not sent, to be sent from the list rather than created twice.
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
      const sends = await Promise.allSettled(created.map((reminder) => sendPaymentReminder(reminder._id)));
      const failed = sends.find((send) => send.status === 'rejected');
      if (failed) notify.error(errorMessage(failed.reason, REMINDER_MESSAGES.sendFailed));
      else notify.success(REMINDER_MESSAGES.sent);
      return sends;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: feeKeys.data() }),
  });
}
