import { type FeeInput, feeSchema } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { FEE_MESSAGES } from '../lib/messages';
import { useFeeMutation } from './mutation';

export async function updateFee({ id, input }: { id: string; input: FeeInput }) {
  return feeSchema.parse(await api.put(`/fee/${id}/update`, input, { silent: true }));
}

export function useUpdateFee() {
  return useFeeMutation({
    mutationFn: updateFee,
    success: FEE_MESSAGES.updated,
    failure: FEE_MESSAGES.updateFailed,
  });
}
