import { type CashPaymentInput, cashPaymentInputSchema, cashPaymentResultSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';

export const CASH_RECORDED = 'Cash payment processed successfully!';

export interface RecordCashPayment {
  input: CashPaymentInput;
  /** One per submission attempt: a retry or a double click sends the same key and records once. */
  idempotencyKey: string;
}

export async function recordCashPayment({ input, idempotencyKey }: RecordCashPayment) {
  const data = await api.post('/payment/pay-with-cash', z.encode(cashPaymentInputSchema, input), {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return cashPaymentResultSchema.parse(data);
}

export function useRecordCashPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordCashPayment,
    onSuccess: () => {
      notify.success(CASH_RECORDED);
      // Money moved: what is owed, paid and collected is stale on every screen, not only this one.
      void queryClient.invalidateQueries();
    },
  });
}
