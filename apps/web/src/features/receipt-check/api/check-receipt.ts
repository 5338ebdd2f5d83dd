import { receiptCheckSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Public: asks the server whether a printed code belongs to a printed receipt number. */
export async function checkReceipt(code: string, receiptNo: string, signal?: AbortSignal) {
  return receiptCheckSchema.parse(
    await api.get(`/payment/receipt/verify/${encodeURIComponent(code)}`, {
      query: { receipt: receiptNo },
      signal,
      silent: true,
    }),
  );
}

export function useReceiptCheck(code: string, receiptNo: string, enabled: boolean) {
  return useQuery({
    queryKey: ['receipt-check', code, receiptNo],
    queryFn: ({ signal }) => checkReceipt(code, receiptNo, signal),
    enabled,
    // A receipt's answer never changes; a retry after a genuine "no" would only repeat it.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
