import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { notificationKeys } from './keys';

export async function markAllNotificationsRead() {
  await api.post('/notification/mark-all-read', undefined, { silent: true });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => {
      queryClient.setQueryData(notificationKeys.unreadCount(), 0);
      notify.success('All notifications marked as read');
      return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
    onError: () => notify.error('Failed to mark all notifications as read'),
  });
}
