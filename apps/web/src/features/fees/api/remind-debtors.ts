import { bulkReminderPreviewSchema, bulkReminderResultSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { REMINDER_MESSAGES } from '../lib/reminder-messages';
import { feeKeys } from './keys';
import { useFeeMutation } from './mutation';

/** What reminding everyone who owes the fee would send and cost; nothing is sent. */
export async function previewDebtorReminders(feeId: string) {
  return bulkReminderPreviewSchema.parse(
    await api.post('/notification/payment-reminders/bulk/preview', { feeId }, { silent: true }),
  );
}

export function useDebtorRemindersPreview(feeId: string) {
  return useQuery({
    queryKey: feeKeys.debtorReminders(feeId),
    queryFn: () => previewDebtorReminders(feeId),
    enabled: feeId !== '',
    // Cheap to ask again; costs and quiet hours change with the clock.
    staleTime: 30_000,
  });
}

/** Reminds everyone who still owes the fee, and their parents, now; once a day per fee. */
export async function remindDebtors(feeId: string) {
  return bulkReminderResultSchema.parse(
    await api.post('/notification/payment-reminders/bulk', { feeId }, { silent: true }),
  );
}

export function useRemindDebtors() {
  return useFeeMutation({
    mutationFn: remindDebtors,
    success: REMINDER_MESSAGES.debtorsReminded,
    failure: REMINDER_MESSAGES.debtorsFailed,
  });
}
