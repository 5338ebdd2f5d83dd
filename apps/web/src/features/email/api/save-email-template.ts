import { type EmailTemplateDraft, type EmailTemplateId, emailTemplateSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emailKeys, groupQuery } from './keys';

export interface SaveEmailTemplateInput {
  group: string;
  templateId: EmailTemplateId;
  draft: EmailTemplateDraft;
}

/** Writes the group's own wording, whether or not it had one (PUT creates it when missing). */
export async function saveEmailTemplate({ group, templateId, draft }: SaveEmailTemplateInput) {
  return emailTemplateSchema.parse(
    await api.put(`/email/templates/${templateId}`, { ...groupQuery(group), ...draft }, { silent: true }),
  );
}

export function useSaveEmailTemplate(group: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmailTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailKeys.templates(group) }),
  });
}
