import { type TermResultInput, termResultSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { resultChangeKeys } from './keys';

export async function updateResult({ id, input }: { id: string; input: TermResultInput }) {
  return termResultSchema.parse(await api.put(`/results/${id}`, input, { silent: true }));
}

export function useUpdateResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateResult,
    onSuccess: () => {
      notify.success('Result updated successfully!');
      return Promise.all(resultChangeKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => notify.error(errorMessage(error, 'Failed to update result')),
  });
}
