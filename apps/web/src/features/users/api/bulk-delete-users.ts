import { bulkResultSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { BULK_ACTION_FAILED } from '../lib/messages';
import { usersKeys } from './keys';

export async function bulkDeleteUsers(userIds: string[]) {
  return bulkResultSchema.parse(await api.post('/user/bulk-delete', { userIds }, { silent: true }));
}

export function useBulkDeleteUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteUsers,
    onSuccess: () => {
      notify.success('Users deleted successfully');
      return queryClient.invalidateQueries({ queryKey: usersKeys.all });
    },
    onError: (error) => notify.error(errorMessage(error, BULK_ACTION_FAILED)),
  });
}
