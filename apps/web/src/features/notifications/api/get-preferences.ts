import { notificationPreferencesSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from './keys';

export async function getNotificationPreferences(signal?: AbortSignal) {
  return notificationPreferencesSchema.parse(await api.get('/notification/preferences', { signal, silent: true }))
    .preferences;
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences(),
    queryFn: ({ signal }) => getNotificationPreferences(signal),
    staleTime: 0,
  });
}
