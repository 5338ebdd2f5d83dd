import { requestWithMessage } from '@/lib/api-client';
import { ADJUSTMENT_MESSAGES } from '../lib/messages';
import { useAdjustmentMutation } from './mutation';

export async function setAdjustmentRuleActive({ id, isActive }: { id: string; isActive: boolean }) {
  return requestWithMessage(`/adjustment-rules/${id}`, {
    method: 'PATCH',
    body: { is_active: isActive },
    silent: true,
  });
}

export function useSetAdjustmentRuleActive() {
  return useAdjustmentMutation({
    mutationFn: setAdjustmentRuleActive,
    success: ADJUSTMENT_MESSAGES.ruleUpdated,
    failure: ADJUSTMENT_MESSAGES.ruleUpdateFailed,
  });
}
