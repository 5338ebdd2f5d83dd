import { type FEE_STATUSES, feeListSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { feeKeys } from './keys';

export interface FeeListQuery {
  school_id?: string | undefined;
  term_id?: string | undefined;
  status: (typeof FEE_STATUSES)[number] | 'all';
  search?: string | undefined;
  page: number;
  limit: number;
}

/** One page of fees; the server filters and pages. */
export async function getFees(query: FeeListQuery, signal?: AbortSignal) {
  return feeListSchema.parse(await api.get('/fee/all', { query: { ...query }, signal, silent: true }));
}

export function useFees(query: FeeListQuery) {
  // The previous page stays on screen while the next loads, so the cards do not jump.
  return useQuery({
    queryKey: feeKeys.list(query),
    queryFn: ({ signal }) => getFees(query, signal),
    placeholderData: keepPreviousData,
  });
}
