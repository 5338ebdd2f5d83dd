import { myPhoneSchema, type startPhoneVerificationSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { myPhoneQueryKey } from './get-my-phone';

export type StartPhoneVerification = z.output<typeof startPhoneVerificationSchema>;

/** POST /me/phone/verification: a 6-digit code goes to the number by SMS. */
export async function startPhoneVerification(input: StartPhoneVerification) {
  return myPhoneSchema.parse(await api.post('/me/phone/verification', input, { silent: true }));
}

/** Silent: the card says a refused number under the field, and "too often" beside the button. */
export function useStartPhoneVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startPhoneVerification,
    onSuccess: (phone) => queryClient.setQueryData(myPhoneQueryKey, phone),
  });
}
