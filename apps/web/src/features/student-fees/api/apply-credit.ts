import { type ApplyCreditInput, applyCreditInputSchema, applyCreditResultSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';

export const CREDIT_APPLIED = 'Credit applied to the fee';

export async function applyCredit(input: ApplyCreditInput) {
  const data = await api.post('/family-credit/apply', z.encode(applyCreditInputSchema, input));
  return applyCreditResultSchema.parse(data);
}

export function useApplyCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyCredit,
    onSuccess: () => {
      notify.success(CREDIT_APPLIED);
      // A fee was paid: what is owed, the payments and the credit all moved.
      void queryClient.invalidateQueries();
    },
  });
}
