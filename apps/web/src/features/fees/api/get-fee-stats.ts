import { feeStatsSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { feeKeys } from './keys';

export interface FeeStatsQuery {
  school_id?: string | undefined;
  term_id?: string | undefined;
}

export async function getFeeStats(query: FeeStatsQuery, signal?: AbortSignal) {
  return feeStatsSchema.parse(await api.get('/fee/stats', { query: { ...query }, signal, silent: true }));
}

export function useFeeStats(query: FeeStatsQuery) {
  return useQuery({ queryKey: feeKeys.stats(query), queryFn: ({ signal }) => getFeeStats(query, signal) });
}
