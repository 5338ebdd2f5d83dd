import { feeSchema } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { FEE_MESSAGES } from '../lib/messages';
import { useFeeMutation } from './mutation';

export async function approveFee(id: string) {
  return feeSchema.parse(await api.post(`/fee/${id}/approve`, { isApproved: true }, { silent: true }));
}

export function useApproveFee() {
  return useFeeMutation({
    mutationFn: approveFee,
    success: FEE_MESSAGES.approved,
    failure: FEE_MESSAGES.approveFailed,
  });
}
