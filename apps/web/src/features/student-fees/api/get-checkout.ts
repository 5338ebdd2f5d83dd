import { checkoutStatusSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { studentFeeKeys } from './keys';

/** The server verifies a pending checkout with the provider before answering, so this is the truth. */
export async function getCheckout(reference: string, signal?: AbortSignal) {
  return checkoutStatusSchema.parse(
    await api.get(`/payment/checkout/${encodeURIComponent(reference)}`, { signal, silent: true }),
  );
}

/** Asked again every few seconds while the provider has not confirmed the payment yet. */
export function useCheckout(reference: string) {
  return useQuery({
    queryKey: studentFeeKeys.checkout(reference),
    queryFn: ({ signal }) => getCheckout(reference, signal),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 3_000 : false),
  });
}
