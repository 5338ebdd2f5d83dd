import { virtualAccountSettingsSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { virtualAccountKeys } from './keys';

/** GET /virtual-accounts/settings: the school's switch, its bank, and whether its Paystack key is saved. */
export async function getSettings(schoolId: string, signal?: AbortSignal) {
  const data = await api.get('/virtual-accounts/settings', { query: { school_id: schoolId }, signal, silent: true });
  return virtualAccountSettingsSchema.parse(data);
}

export function useVirtualAccountSettings(schoolId: string) {
  return useQuery({
    queryKey: virtualAccountKeys.settings(schoolId),
    queryFn: ({ signal }) => getSettings(schoolId, signal),
    enabled: schoolId !== '',
  });
}
