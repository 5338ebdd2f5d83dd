import { paymentSchema } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { PAYMENT_MESSAGES } from '../lib/payment-messages';
import { useFeeMutation } from './mutation';

/** The money reached the school's account: the claim is credited and gets a receipt. */
export async function confirmTransfer(paymentId: string) {
  return paymentSchema.parse(await api.post(`/payment/${paymentId}/confirm-transfer`, undefined, { silent: true }));
}

export function useConfirmTransfer() {
  return useFeeMutation({
    mutationFn: confirmTransfer,
    success: PAYMENT_MESSAGES.transferConfirmed,
    failure: PAYMENT_MESSAGES.confirmFailed,
  });
}
