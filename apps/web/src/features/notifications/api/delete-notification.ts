import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { notificationKeys } from './keys';

export async function deleteNotification(id: string) {
  await api.delete(`/notification/${id}`, { silent: true });
}

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSuccess: () => {
      notify.success('Notification deleted');
      return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
    onError: () => notify.error('Failed to delete notification'),
  });
}
