import { feeSchema } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { FEE_MESSAGES } from '../lib/messages';
import { useFeeMutation } from './mutation';

export async function rejectFee({ id, reason }: { id: string; reason: string }) {
  return feeSchema.parse(await api.post(`/fee/${id}/reject`, { reason }, { silent: true }));
}

export function useRejectFee() {
  return useFeeMutation({
    mutationFn: rejectFee,
    success: FEE_MESSAGES.rejected,
    failure: FEE_MESSAGES.rejectFailed,
  });
}
