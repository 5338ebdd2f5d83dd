import { bulkResultSchema, type User } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { BULK_ACTION_FAILED } from '../lib/messages';
import { usersKeys } from './keys';

export async function bulkUpdateUsers({ userIds, status }: { userIds: string[]; status: User['status'] }) {
  return bulkResultSchema.parse(
    await api.post('/user/bulk-update', { userIds, updates: { status } }, { silent: true }),
  );
}

export function useBulkUpdateUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateUsers,
    onSuccess: (_result, { status }) => {
      notify.success(status === 'active' ? 'Users activated successfully' : 'Users deactivated successfully');
      return queryClient.invalidateQueries({ queryKey: usersKeys.all });
    },
    onError: (error) => notify.error(errorMessage(error, BULK_ACTION_FAILED)),
  });
}
