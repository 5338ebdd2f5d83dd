import { requestWithMessage } from '@/lib/api-client';
import { EXPENSE_MESSAGES } from '../lib/messages';
import { useExpenseMutation } from './mutation';

/** Only before a decision: what was approved keeps its documents. */
export async function deleteExpenseAttachment({ id, attachmentId }: { id: string; attachmentId: string }) {
  return requestWithMessage(`/expenses/${id}/attachments/${attachmentId}`, { method: 'DELETE', silent: true });
}

export function useDeleteExpenseAttachment() {
  return useExpenseMutation({
    mutationFn: deleteExpenseAttachment,
    success: EXPENSE_MESSAGES.attachmentRemoved,
    failure: EXPENSE_MESSAGES.attachmentRemoveFailed,
  });
}
