import { type AdjustmentInput, adjustmentInputSchema } from '@schoolledger/domain';
import { z } from 'zod';
import { requestWithMessage } from '@/lib/api-client';
import { ADJUSTMENT_MESSAGES } from '../lib/messages';
import { useAdjustmentMutation } from './mutation';

export async function createAdjustment(input: AdjustmentInput) {
  return requestWithMessage<{ _id: string }>('/adjustments', {
    method: 'POST',
    body: z.encode(adjustmentInputSchema, input),
    silent: true,
  });
}

export function useCreateAdjustment() {
  return useAdjustmentMutation({
    mutationFn: createAdjustment,
    success: ADJUSTMENT_MESSAGES.created,
    failure: ADJUSTMENT_MESSAGES.createFailed,
  });
}
