import { reminderSettingsSchema } from '@schoolledger/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { REMINDER_MESSAGES } from '../lib/reminder-messages';
import { feeKeys } from './keys';

export interface ReminderSettings {
  dueSoon: boolean;
  urgent: boolean;
  overdue: boolean;
}

/** Which automatic reminder stages the school sends; a school never set sends them all. */
export async function getReminderSettings(schoolId: string, signal?: AbortSignal) {
  return reminderSettingsSchema.parse(
    await api.get('/notification/reminder-settings', { query: { school_id: schoolId }, signal, silent: true }),
  );
}

export function useReminderSettings(schoolId: string) {
  return useQuery({
    queryKey: feeKeys.reminderSettings(schoolId),
    queryFn: ({ signal }) => getReminderSettings(schoolId, signal),
    enabled: schoolId !== '',
  });
}

export async function updateReminderSettings({ schoolId, ...settings }: ReminderSettings & { schoolId: string }) {
  return reminderSettingsSchema.parse(
    await api.put('/notification/reminder-settings', settings, { query: { school_id: schoolId }, silent: true }),
  );
}

export function useUpdateReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReminderSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(feeKeys.reminderSettings(saved.schoolId), saved);
      notify.success(REMINDER_MESSAGES.settingsSaved);
    },
    onError: (error) => notify.error(errorMessage(error, REMINDER_MESSAGES.settingsFailed)),
  });
}
