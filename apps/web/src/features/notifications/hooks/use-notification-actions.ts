import type { AppNotification } from '@schoolledger/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDeleteNotification } from '../api/delete-notification';
import { useMarkNotificationRead } from '../api/mark-read';

/**
 * What a person can do with a notice, the same in the panel and on the page: open it (marks it
 * read and follows its link), mark it read, or delete it after confirming.
 */
export function useNotificationActions(afterOpen?: () => void) {
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  const remove = useDeleteNotification();
  const [toDelete, setToDelete] = useState<AppNotification | null>(null);

  return {
    open(notification: AppNotification) {
      if (!notification.read) markRead.mutate(notification._id);
      if (notification.actionUrl) {
        afterOpen?.();
        void navigate(notification.actionUrl);
      }
    },
    markRead: (notification: AppNotification) => markRead.mutate(notification._id),
    askDelete: setToDelete,
    deleting: remove.isPending,
    toDelete,
    cancelDelete: () => setToDelete(null),
    confirmDelete() {
      if (!toDelete) return;
      remove.mutate(toDelete._id, { onSettled: () => setToDelete(null) });
    },
  };
}
