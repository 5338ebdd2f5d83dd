import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { notificationKeys } from './keys';

export async function markNotificationRead(id: string) {
  await api.post(`/notification/${id}/mark-read`, undefined, { silent: true });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    onError: () => notify.error('Failed to mark notification as read'),
  });
}
