import { type AdjustmentRuleInput, adjustmentRuleInputSchema } from '@schoolledger/domain';
import { z } from 'zod';
import { requestWithMessage } from '@/lib/api-client';
import { ADJUSTMENT_MESSAGES } from '../lib/messages';
import { useAdjustmentMutation } from './mutation';

export async function createAdjustmentRule(input: AdjustmentRuleInput) {
  return requestWithMessage('/adjustment-rules', {
    method: 'POST',
    body: z.encode(adjustmentRuleInputSchema, input),
    silent: true,
  });
}

export function useCreateAdjustmentRule() {
  return useAdjustmentMutation({
    mutationFn: createAdjustmentRule,
    success: ADJUSTMENT_MESSAGES.ruleCreated,
    failure: ADJUSTMENT_MESSAGES.ruleCreateFailed,
  });
}
