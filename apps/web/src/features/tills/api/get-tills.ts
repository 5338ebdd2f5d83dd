import { type TillListQuery, tillListSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tillKeys } from './keys';

/** The school's till sessions, newest first; the server keeps them to the caller's schools. */
export async function getTills(query: TillListQuery, signal?: AbortSignal) {
  return tillListSchema.parse(await api.get('/tills', { query: { ...query }, signal, silent: true }));
}

export function useTills(query: TillListQuery) {
  return useQuery({
    queryKey: tillKeys.list(query),
    queryFn: ({ signal }) => getTills(query, signal),
    placeholderData: keepPreviousData,
  });
}
