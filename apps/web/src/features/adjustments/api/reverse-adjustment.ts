import { requestWithMessage } from '@/lib/api-client';
import { ADJUSTMENT_MESSAGES } from '../lib/messages';
import { useAdjustmentMutation } from './mutation';

export async function reverseAdjustment({ id, reason }: { id: string; reason: string }) {
  return requestWithMessage(`/adjustments/${id}/reverse`, { method: 'POST', body: { reason }, silent: true });
}

export function useReverseAdjustment() {
  return useAdjustmentMutation({
    mutationFn: reverseAdjustment,
    success: ADJUSTMENT_MESSAGES.reversed,
    failure: ADJUSTMENT_MESSAGES.reverseFailed,
  });
}
