import { paymentProfileSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentConfigKeys } from './keys';

/** A school's payment profile with its secrets masked; `_id` is null until one is saved. */
export async function getPaymentProfile(schoolId: string, signal?: AbortSignal) {
  return paymentProfileSchema.parse(await api.get(`/paymentprofile/${schoolId}`, { signal, silent: true }));
}

export function usePaymentProfile(schoolId: string) {
  return useQuery({
    queryKey: paymentConfigKeys.profile(schoolId),
    queryFn: ({ signal }) => getPaymentProfile(schoolId, signal),
    enabled: schoolId !== '',
    // A form must start from what is stored now, not from a copy another tab may have changed.
    staleTime: 0,
  });
}
