import { type FetchSettlementsInput, fetchSettlementsResultSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';

/** POST /settlements/fetch: the school's providers are asked for the days' settlements, which are matched to the statements. */
export async function fetchSettlements(input: FetchSettlementsInput) {
  return fetchSettlementsResultSchema.parse(await api.post('/settlements/fetch', input, { silent: true }));
}

export function useFetchSettlements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fetchSettlements,
    onSuccess: (result) => {
      notify.success(
        result.reported === 0
          ? 'No settlements were reported for these days'
          : `${result.reported} settlement${result.reported === 1 ? '' : 's'} reported; ${result.matched} newly matched to the bank`,
      );
      // A match posts to the books: every total built on them is stale, not only this table.
      return queryClient.invalidateQueries();
    },
    onError: (error) => notify.error(errorMessage(error, 'The providers could not be asked. Please try again.')),
  });
}
