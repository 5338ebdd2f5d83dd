import { type SettingsSection, type SettingsUpdate, settingsViewSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { type SettingsTarget, targetQuery } from '../lib/target';
import { settingsKeys } from './keys';

export const SETTINGS_SAVED = 'Settings saved successfully!';

export async function saveSettings(section: SettingsSection, input: SettingsUpdate) {
  return settingsViewSchema.parse(await api.put(`/settings/${section}`, input, { silent: true }));
}

/** Saves one section; the other screens and the shell pick up the change on their next read. */
export function useSaveSettings(section: SettingsSection, target: SettingsTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<SettingsUpdate, 'schoolId' | 'groupSchoolId'>) =>
      saveSettings(section, { ...input, ...targetQuery(target) }),
    onSuccess: async (view) => {
      queryClient.setQueryData(settingsKeys.view(target), view);
      notify.success(SETTINGS_SAVED);
      await queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}
