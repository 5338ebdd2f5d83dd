import { type FeeInput, feeInputSchema, feeSchema } from '@schoolledger/domain';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { FEE_MESSAGES } from '../lib/messages';
import { useFeeMutation } from './mutation';

export async function updateFee({ id, input }: { id: string; input: FeeInput }) {
  return feeSchema.parse(await api.put(`/fee/${id}/update`, z.encode(feeInputSchema, input), { silent: true }));
}

export function useUpdateFee() {
  return useFeeMutation({
    mutationFn: updateFee,
    success: FEE_MESSAGES.updated,
    failure: FEE_MESSAGES.updateFailed,
  });
}
