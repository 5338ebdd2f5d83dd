import { type EmailTemplateId, emailTemplateSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emailKeys, groupQuery } from './keys';

/** Drops the group's own wording: the built-in one is sent again. */
export async function resetEmailTemplate({ group, templateId }: { group: string; templateId: EmailTemplateId }) {
  return emailTemplateSchema.parse(
    await api.delete(`/email/templates/${templateId}`, { query: groupQuery(group), silent: true }),
  );
}

export function useResetEmailTemplate(group: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetEmailTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailKeys.templates(group) }),
  });
}
