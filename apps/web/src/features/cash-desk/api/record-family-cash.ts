import { type FamilyCashInput, familyCashInputSchema, familyCashResultSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';

export const FAMILY_CASH_RECORDED = 'Payments recorded for the family';

export interface RecordFamilyCash {
  input: FamilyCashInput;
  /** One per submission attempt: a retry or a double click sends the same key and records once. */
  idempotencyKey: string;
}

export async function recordFamilyCash({ input, idempotencyKey }: RecordFamilyCash) {
  const data = await api.post('/payment/pay-with-cash/family', z.encode(familyCashInputSchema, input), {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return familyCashResultSchema.parse(data);
}

export function useRecordFamilyCash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordFamilyCash,
    onSuccess: () => {
      notify.success(FAMILY_CASH_RECORDED);
      void queryClient.invalidateQueries();
    },
  });
}
