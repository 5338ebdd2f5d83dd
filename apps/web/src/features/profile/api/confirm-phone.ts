import { type confirmPhoneSchema, myPhoneSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { myPhoneQueryKey } from './get-my-phone';

export type ConfirmPhone = z.output<typeof confirmPhoneSchema>;

/** POST /me/phone/verify: the code typed back makes the number the person's. */
export async function confirmPhone(input: ConfirmPhone) {
  return myPhoneSchema.parse(await api.post('/me/phone/verify', input, { silent: true }));
}

/** Silent: a wrong or expired code is said under the code field. */
export function useConfirmPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPhone,
    onSuccess: (phone) => {
      queryClient.setQueryData(myPhoneQueryKey, phone);
      notify.success('Your number is confirmed');
      // The confirmed number is the profile's number now.
      return queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
