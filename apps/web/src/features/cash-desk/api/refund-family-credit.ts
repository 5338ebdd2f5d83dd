import { type RefundCreditInput, refundCreditInputSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { requestWithMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { cashDeskKeys } from './keys';

/**
 * POST /family-credit/refund: asks for credit to be paid back to the family from the school's own
 * bank; nothing leaves until another person who may refund approves it.
 */
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
      notify.success(message || 'Payback requested. Another person must approve it.');
      return queryClient.invalidateQueries({ queryKey: cashDeskKeys.all });
    },
  });
}
