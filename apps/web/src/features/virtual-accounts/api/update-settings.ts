import {
  type VirtualAccountSettingsInput,
  virtualAccountSettingsInputSchema,
  virtualAccountSettingsSchema,
} from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { virtualAccountKeys } from './keys';

/** PUT /virtual-accounts/settings: switch the school's accounts on or off, and the bank to open them on. */
export async function updateSettings(input: VirtualAccountSettingsInput) {
  const data = await api.put('/virtual-accounts/settings', virtualAccountSettingsInputSchema.parse(input), {
    silent: true,
  });
  return virtualAccountSettingsSchema.parse(data);
}

/** Silent: the card shows a refusal (422 API_KEYS_REQUIRED) under the switch, not as a toast. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(virtualAccountKeys.settings(settings.school_id), settings);
      notify.success(settings.enabled ? 'Virtual accounts switched on' : 'Virtual accounts switched off');
    },
  });
}
