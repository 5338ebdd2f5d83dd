import type { ExpenseAttachmentKind } from '@schoolledger/domain';
import { upload } from '@/lib/api-client';
import { EXPENSE_MESSAGES } from '../lib/messages';
import { useExpenseMutation } from './mutation';

/** An invoice, quotation or receipt behind the request: an image or a PDF, checked by content on the server. */
export async function uploadExpenseAttachment({
  id,
  kind,
  file,
}: {
  id: string;
  kind: ExpenseAttachmentKind;
  file: File;
}) {
  await upload(`/expenses/${id}/attachments`, file, { fields: { kind }, silent: true });
  return { message: EXPENSE_MESSAGES.attachmentAdded };
}

export function useUploadExpenseAttachment() {
  return useExpenseMutation({
    mutationFn: uploadExpenseAttachment,
    success: EXPENSE_MESSAGES.attachmentAdded,
    failure: EXPENSE_MESSAGES.attachmentFailed,
  });
}
