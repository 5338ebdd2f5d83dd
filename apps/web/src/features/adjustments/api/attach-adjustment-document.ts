import { upload } from '@/lib/api-client';
import { ADJUSTMENT_MESSAGES } from '../lib/messages';
import { useAdjustmentMutation } from './mutation';

/** PUT /adjustments/:id/document: an image or PDF behind the adjustment, replacing any earlier one. */
export async function attachAdjustmentDocument({ id, file }: { id: string; file: File }) {
  await upload(`/adjustments/${id}/document`, file, { method: 'PUT', field: 'document', silent: true });
  return { message: ADJUSTMENT_MESSAGES.documentAttached };
}

export function useAttachAdjustmentDocument() {
  return useAdjustmentMutation({
    mutationFn: attachAdjustmentDocument,
    success: ADJUSTMENT_MESSAGES.documentAttached,
    failure: ADJUSTMENT_MESSAGES.documentFailed,
  });
}
