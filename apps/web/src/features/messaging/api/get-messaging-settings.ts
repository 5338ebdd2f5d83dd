import { messagingSettingsResponseSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messagingKeys } from './keys';

/** GET /schools/{id}/messaging-settings: what the school sends on which channel, its budgets and this month's spend. */
export async function getMessagingSettings(schoolId: string, signal?: AbortSignal) {
  const data = await api.get(`/schools/${schoolId}/messaging-settings`, { signal, silent: true });
  return messagingSettingsResponseSchema.parse(data);
}

/** Everyone who sees the messages reads the settings; only whoever configures messaging saves them. */
export function useMessagingSettings(schoolId: string) {
  return useQuery({
    queryKey: messagingKeys.settings(schoolId),
    queryFn: ({ signal }) => getMessagingSettings(schoolId, signal),
    enabled: schoolId !== '',
  });
}
