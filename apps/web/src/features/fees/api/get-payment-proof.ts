import { useQuery } from '@tanstack/react-query';
import { getBlob } from '@/lib/api-client';
import { feeKeys } from './keys';

/** The payer's proof image; it needs the bearer token, so it is fetched, not linked. */
export async function getPaymentProof(paymentId: string, signal?: AbortSignal) {
  return getBlob(`/payment/${paymentId}/proof`, { signal, silent: true });
}

export function usePaymentProof(paymentId: string) {
  return useQuery({
    queryKey: feeKeys.proof(paymentId),
    queryFn: ({ signal }) => getPaymentProof(paymentId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}
