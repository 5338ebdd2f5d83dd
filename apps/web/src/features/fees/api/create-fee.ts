import { type FeeInput, feeInputSchema, feeSchema } from '@schoolledger/domain';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { FEE_MESSAGES } from '../lib/messages';
import { useFeeMutation } from './mutation';

export async function createFee(input: FeeInput) {
  return feeSchema.parse(await api.post('/fee/create', z.encode(feeInputSchema, input), { silent: true }));
}

export function useCreateFee() {
  return useFeeMutation({
    mutationFn: createFee,
    success: FEE_MESSAGES.created,
    failure: FEE_MESSAGES.createFailed,
  });
}
