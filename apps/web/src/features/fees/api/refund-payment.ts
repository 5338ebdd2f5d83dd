import { paymentSchema, type REFUND_DESTINATIONS } from '@schoolledger/domain';

type RefundDestination = (typeof REFUND_DESTINATIONS)[number];

import { api } from '@/lib/api-client';
import { PAYMENT_MESSAGES } from '../lib/payment-messages';
import { useFeeMutation } from './mutation';

export interface RefundPaymentVariables {
  paymentId: string;
  reason: string;
  /** `credit`: the money stays with the school as the family's credit instead of going back. */
  to: RefundDestination;
}

/** Refunds the whole payment as a new compensating row; the original stays, marked refunded. */
export async function refundPayment({ paymentId, reason, to }: RefundPaymentVariables) {
  return paymentSchema.parse(await api.post(`/payment/${paymentId}/refund`, { reason, to }, { silent: true }));
}

export function useRefundPayment() {
  return useFeeMutation({
    mutationFn: refundPayment,
    success: PAYMENT_MESSAGES.refunded,
    failure: PAYMENT_MESSAGES.refundFailed,
  });
}
