import { type EmailTemplateDraft, type EmailTemplateId, emailPreviewSchema } from '@schoolledger/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The draft rendered by the server with sample values, exactly as an email would be. */
export async function previewEmailTemplate({
  templateId,
  draft,
}: {
  templateId: EmailTemplateId;
  draft: EmailTemplateDraft;
}) {
  return emailPreviewSchema.parse(await api.post(`/email/templates/${templateId}/preview`, draft, { silent: true }));
}

export function usePreviewEmailTemplate() {
  return useMutation({ mutationFn: previewEmailTemplate });
}
