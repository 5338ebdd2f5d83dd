import { type EmailConfigInput, emailConfigSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emailKeys } from './keys';

export async function saveEmailConfig(input: EmailConfigInput) {
  return emailConfigSchema.parse(await api.put('/email/config', input, { silent: true }));
}

/** The form shows the outcome itself: field errors under the fields, the SPEC §8 texts as toasts. */
export function useSaveEmailConfig(group: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmailConfig,
    onSuccess: (config) => {
      queryClient.setQueryData(emailKeys.config(group), config);
      return queryClient.invalidateQueries({ queryKey: [...emailKeys.all, 'stats'] });
    },
  });
}
