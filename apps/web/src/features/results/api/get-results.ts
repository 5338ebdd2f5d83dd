import { termResultListSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { resultKeys } from './keys';

export const RESULTS_PAGE_SIZE = 50;

export async function getResults(query: { termId: string; page: number }, signal?: AbortSignal) {
  return termResultListSchema.parse(
    await api.get('/results', {
      query: { term_id: query.termId, page: query.page, limit: RESULTS_PAGE_SIZE },
      signal,
      silent: true,
    }),
  );
}

/** Nothing is asked until a term is chosen. */
export function useResults(termId: string, page: number) {
  return useQuery({
    queryKey: resultKeys.list({ termId, page }),
    queryFn: ({ signal }) => getResults({ termId, page }, signal),
    enabled: Boolean(termId),
    placeholderData: keepPreviousData,
  });
}
