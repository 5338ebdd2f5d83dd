import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { resultChangeKeys } from './keys';

export async function deleteTermResults(termId: string) {
  return z
    .object({ deleted: z.number().int() })
    .parse(await api.delete('/results', { query: { term_id: termId }, silent: true }));
}

export function useDeleteTermResults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTermResults,
    onSuccess: ({ deleted }) => {
      notify.success(`Deleted ${deleted} results`);
      return Promise.all(resultChangeKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => notify.error(errorMessage(error, 'Failed to delete results')),
  });
}
