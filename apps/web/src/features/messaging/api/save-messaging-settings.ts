import { type MessagingSettings, messagingSettingsResponseSchema, messagingSettingsSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { messagingKeys } from './keys';

export interface SaveMessagingSettings {
  schoolId: string;
  settings: MessagingSettings;
}

/** PUT /schools/{id}/messaging-settings: budgets go as naira, as every amount the app sends. */
export async function saveMessagingSettings({ schoolId, settings }: SaveMessagingSettings) {
  const data = await api.put(`/schools/${schoolId}/messaging-settings`, z.encode(messagingSettingsSchema, settings), {
    silent: true,
  });
  return messagingSettingsResponseSchema.parse(data);
}

/** Silent: the form puts the server's field errors under their fields. */
export function useSaveMessagingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMessagingSettings,
    onSuccess: (saved, { schoolId }) => {
      queryClient.setQueryData(messagingKeys.settings(schoolId), saved);
      notify.success('Message settings saved');
    },
  });
}
