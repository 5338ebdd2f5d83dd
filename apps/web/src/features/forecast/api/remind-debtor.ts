import { paymentReminderSchema } from '@schoolledger/domain';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { FORECAST_MESSAGES } from '../lib/messages';
import { useForecastMutation } from './mutation';

/**
 * Reminds a student and their parents now of the fee they owe most on, by the channels each of
 * them chose: the reminder by hand, made and then sent (one per person).
 */
export async function remindDebtor({ studentId, feeId }: { studentId: string; feeId: string }) {
  const made = z
    .array(paymentReminderSchema)
    .parse(await api.post('/notification/payment-reminder', { studentId, feeId }, { silent: true }));
  for (const reminder of made) {
    await api.post(`/notification/payment-reminder/${reminder._id}/send`, undefined, { silent: true });
  }
  return made.length;
}

export function useRemindDebtor() {
  return useForecastMutation({
    mutationFn: remindDebtor,
    success: FORECAST_MESSAGES.reminded,
    failure: FORECAST_MESSAGES.remindFailed,
  });
}
