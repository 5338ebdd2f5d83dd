import { settingsViewSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** The settings in effect for a school, or for the caller's group when `schoolId` is ''. */
export async function getSettings(schoolId: string, signal?: AbortSignal) {
  return settingsViewSchema.parse(await api.get('/settings', { query: schoolId ? { schoolId } : undefined, signal }));
}

export function useSettings(schoolId: string, enabled = true) {
  return useQuery({
    queryKey: settingsKeys.view(schoolId),
    queryFn: ({ signal }) => getSettings(schoolId, signal),
    enabled,
  });
}
