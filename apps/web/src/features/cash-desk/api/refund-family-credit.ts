import { type RefundCreditInput, refundCreditInputSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { requestWithMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { cashDeskKeys } from './keys';

/** POST /family-credit/refund: the school pays credit back to the family from its own bank; the entry is the record. */
export async function refundFamilyCredit(input: RefundCreditInput) {
  return requestWithMessage('/family-credit/refund', {
    method: 'POST',
    body: z.encode(refundCreditInputSchema, input),
    silent: true,
  });
}

export function useRefundFamilyCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundFamilyCredit,
    onSuccess: ({ message }) => {
      notify.success(message || 'Credit paid back to the family');
      return queryClient.invalidateQueries({ queryKey: cashDeskKeys.all });
    },
  });
}
