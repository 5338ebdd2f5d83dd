import { feeHistoryEntrySchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { feeKeys } from './keys';

export async function getFeeHistory(feeId: string, signal?: AbortSignal) {
  return z.array(feeHistoryEntrySchema).parse(await api.get(`/fee/${feeId}/history`, { signal, silent: true }));
}

export function useFeeHistory(feeId: string) {
  return useQuery({ queryKey: feeKeys.history(feeId), queryFn: ({ signal }) => getFeeHistory(feeId, signal) });
}
