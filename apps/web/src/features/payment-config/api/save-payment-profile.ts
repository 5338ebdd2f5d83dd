import { type PaymentProfileInput, paymentProfileSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentConfigKeys } from './keys';

export interface SavePaymentProfileVariables {
  /** Null until the school has a profile: then it is created, otherwise updated. */
  profileId: string | null;
  input: PaymentProfileInput;
}

export async function savePaymentProfile({ profileId, input }: SavePaymentProfileVariables) {
  const saved =
    profileId === null
      ? await api.post('/paymentprofile/create', input, { silent: true })
      : await api.put('/paymentprofile/update', input, { silent: true });
  return paymentProfileSchema.parse(saved);
}

/** The form shows the outcome itself: field errors under the fields, the SPEC §8 texts as toasts. */
export function useSavePaymentProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePaymentProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(paymentConfigKeys.profile(profile.school._id), profile);
      return queryClient.invalidateQueries({
        queryKey: paymentConfigKeys.analytics({ school_id: profile.school._id }),
      });
    },
  });
}
