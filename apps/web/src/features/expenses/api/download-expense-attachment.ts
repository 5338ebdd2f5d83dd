import { download } from '@/lib/api-client';

/** Attachments are private: fetched with the bearer token and saved under their own name. */
export function downloadExpenseAttachment({
  id,
  attachmentId,
  fileName,
}: {
  id: string;
  attachmentId: string;
  fileName: string;
}) {
  return download(`/expenses/${id}/attachments/${attachmentId}`, fileName, { silent: true });
}
