import type { AdjustmentDecision } from '@schoolledger/domain';
import { requestWithMessage } from '@/lib/api-client';
import { ADJUSTMENT_MESSAGES } from '../lib/messages';
import { useAdjustmentMutation } from './mutation';

export async function decideAdjustmentRule({ id, decision }: { id: string; decision: AdjustmentDecision }) {
  return requestWithMessage(`/adjustment-rules/${id}/decision`, { method: 'PATCH', body: decision, silent: true });
}

export function useDecideAdjustmentRule() {
  return useAdjustmentMutation({
    mutationFn: decideAdjustmentRule,
    success: ADJUSTMENT_MESSAGES.decided,
    failure: ADJUSTMENT_MESSAGES.decideFailed,
  });
}
