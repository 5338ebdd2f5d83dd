import { paymentSchema } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { PAYMENT_MESSAGES } from '../lib/payment-messages';
import { useFeeMutation } from './mutation';

export interface RejectTransferVariables {
  paymentId: string;
  reason: string;
}

/** No such money arrived: the claim fails with the reason the payer is shown. */
export async function rejectTransfer({ paymentId, reason }: RejectTransferVariables) {
  return paymentSchema.parse(await api.post(`/payment/${paymentId}/reject-transfer`, { reason }, { silent: true }));
}

export function useRejectTransfer() {
  return useFeeMutation({
    mutationFn: rejectTransfer,
    success: PAYMENT_MESSAGES.transferRejected,
    failure: PAYMENT_MESSAGES.rejectFailed,
  });
}
