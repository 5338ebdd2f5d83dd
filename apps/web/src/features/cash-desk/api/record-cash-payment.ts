import { type CashPaymentInput, cashPaymentInputSchema, cashPaymentResultSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import type { QueuedPayment } from '../lib/desk-store';
import { outcomeOfFailure, type SendOutcome } from '../lib/payment-queue';

export const CASH_RECORDED = 'Cash payment processed successfully!';

export interface RecordCashPayment {
  input: CashPaymentInput;
  /** One per submission attempt: a retry or a double click sends the same key and records once. */
  idempotencyKey: string;
}

export async function recordCashPayment({ input, idempotencyKey }: RecordCashPayment, { silent = false } = {}) {
  const data = await api.post('/payment/pay-with-cash', z.encode(cashPaymentInputSchema, input), {
    headers: { 'Idempotency-Key': idempotencyKey },
    silent,
  });
  return cashPaymentResultSchema.parse(data);
}

/**
 * Sends a payment taken offline under the key it was given then, quietly: the queue panel shows
 * each answer. The server's answer is final: a receipt, or its reason for refusing.
 */
export async function sendQueuedPayment(payment: QueuedPayment): Promise<SendOutcome> {
  try {
    const { payment: recorded } = await recordCashPayment(
      { input: payment.input, idempotencyKey: payment.idempotencyKey },
      { silent: true },
    );
    return {
      kind: 'recorded',
      receipt: { paymentId: recorded._id, receiptNo: recorded.receiptNo, paidAt: recorded.paid_at },
    };
  } catch (error) {
    return outcomeOfFailure(error);
  }
}

export function useRecordCashPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RecordCashPayment) => recordCashPayment(request),
    onSuccess: () => {
      notify.success(CASH_RECORDED);
      // Money moved: what is owed, paid and collected is stale on every screen, not only this one.
      void queryClient.invalidateQueries();
    },
  });
}
