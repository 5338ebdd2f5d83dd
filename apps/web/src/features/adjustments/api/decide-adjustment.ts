import type { AdjustmentDecision } from '@schoolledger/domain';
import { requestWithMessage } from '@/lib/api-client';
import { ADJUSTMENT_MESSAGES } from '../lib/messages';
import { useAdjustmentMutation } from './mutation';

export async function decideAdjustment({ id, decision }: { id: string; decision: AdjustmentDecision }) {
  return requestWithMessage(`/adjustments/${id}/decision`, { method: 'PATCH', body: decision, silent: true });
}

export function useDecideAdjustment() {
  return useAdjustmentMutation({
    mutationFn: decideAdjustment,
    success: ADJUSTMENT_MESSAGES.decided,
    failure: ADJUSTMENT_MESSAGES.decideFailed,
  });
}
