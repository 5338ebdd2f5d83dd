import { type NotificationPreference, notificationPreferencesSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { notificationKeys } from './keys';

export async function updateNotificationPreferences(preferences: NotificationPreference[]) {
  return notificationPreferencesSchema.parse(
    await api.put('/notification/preferences', { preferences }, { silent: true }),
  ).preferences;
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (preferences) => {
      queryClient.setQueryData(notificationKeys.preferences(), preferences);
      notify.success('Notification preferences updated');
    },
    onError: () => notify.error('Failed to update preferences'),
  });
}
