import { type AdjustmentStatus, adjustmentListSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adjustmentKeys } from './keys';

export interface AdjustmentListQuery {
  school_id?: string | undefined;
  status?: AdjustmentStatus | undefined;
  page: number;
  limit: number;
}

/** One page of adjustments in the caller's schools, newest first. */
export async function getAdjustments(query: AdjustmentListQuery, signal?: AbortSignal) {
  return adjustmentListSchema.parse(await api.get('/adjustments', { query: { ...query }, signal, silent: true }));
}

export function useAdjustments(query: AdjustmentListQuery) {
  return useQuery({
    queryKey: adjustmentKeys.list(query),
    queryFn: ({ signal }) => getAdjustments(query, signal),
    placeholderData: keepPreviousData,
  });
}
