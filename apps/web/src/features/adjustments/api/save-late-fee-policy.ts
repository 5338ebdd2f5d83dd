import { type LateFeePolicyInput, lateFeePolicyInputSchema } from '@schoolledger/domain';
import { z } from 'zod';
import { requestWithMessage } from '@/lib/api-client';
import { ADJUSTMENT_MESSAGES } from '../lib/messages';
import { useAdjustmentMutation } from './mutation';

/** Sets the school's default late fee, or one fee's own, replacing the one there was. */
export async function saveLateFeePolicy(input: LateFeePolicyInput) {
  return requestWithMessage('/late-fee-policies', {
    method: 'PUT',
    body: z.encode(lateFeePolicyInputSchema, input),
    silent: true,
  });
}

export function useSaveLateFeePolicy() {
  return useAdjustmentMutation({
    mutationFn: saveLateFeePolicy,
    success: ADJUSTMENT_MESSAGES.policySaved,
    failure: ADJUSTMENT_MESSAGES.policySaveFailed,
  });
}
