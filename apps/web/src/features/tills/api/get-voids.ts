import { paymentVoidListSchema, type TillVoidListQuery } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tillKeys } from './keys';

/** Voids of the school's tills by status: the ones waiting, for the people who approve them. */
export async function getVoids(query: TillVoidListQuery, signal?: AbortSignal) {
  return paymentVoidListSchema.parse(await api.get('/tills/voids', { query: { ...query }, signal, silent: true }));
}

export function useVoids(query: TillVoidListQuery) {
  return useQuery({ queryKey: tillKeys.voids(query), queryFn: ({ signal }) => getVoids(query, signal) });
}
