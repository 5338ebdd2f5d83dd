import { settingsViewSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type SettingsTarget, targetQuery } from '../lib/target';
import { settingsKeys } from './keys';

/** The settings in effect for a school or a group, or for the caller's own group (see SettingsTarget). */
export async function getSettings(target: SettingsTarget, signal?: AbortSignal) {
  return settingsViewSchema.parse(await api.get('/settings', { query: targetQuery(target), signal }));
}

export function useSettings(target: SettingsTarget, enabled = true) {
  return useQuery({
    queryKey: settingsKeys.view(target),
    queryFn: ({ signal }) => getSettings(target, signal),
    enabled,
  });
}
