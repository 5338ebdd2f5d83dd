import { requestWithMessage } from '@/lib/api-client';
import { ADJUSTMENT_MESSAGES } from '../lib/messages';
import { useAdjustmentMutation } from './mutation';

export async function deleteLateFeePolicy(id: string) {
  return requestWithMessage(`/late-fee-policies/${id}`, { method: 'DELETE', silent: true });
}

export function useDeleteLateFeePolicy() {
  return useAdjustmentMutation({
    mutationFn: deleteLateFeePolicy,
    success: ADJUSTMENT_MESSAGES.policyDeleted,
    failure: ADJUSTMENT_MESSAGES.policyDeleteFailed,
  });
}
