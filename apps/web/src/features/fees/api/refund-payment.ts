import { paymentSchema } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { PAYMENT_MESSAGES } from '../lib/payment-messages';
import { useFeeMutation } from './mutation';

export interface RefundPaymentVariables {
  paymentId: string;
  reason: string;
}

/** Refunds the whole payment as a new compensating row; the original stays, marked refunded. */
export async function refundPayment({ paymentId, reason }: RefundPaymentVariables) {
  return paymentSchema.parse(await api.post(`/payment/${paymentId}/refund`, { reason }, { silent: true }));
}

export function useRefundPayment() {
  return useFeeMutation({
    mutationFn: refundPayment,
    success: PAYMENT_MESSAGES.refunded,
    failure: PAYMENT_MESSAGES.refundFailed,
  });
}
