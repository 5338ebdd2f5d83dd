import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { resultChangeKeys } from './keys';

export function useDeleteResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/results/${id}`, { silent: true }),
    onSuccess: () => {
      notify.success('Result deleted successfully!');
      return Promise.all(resultChangeKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => notify.error(errorMessage(error, 'Failed to delete result')),
  });
}
