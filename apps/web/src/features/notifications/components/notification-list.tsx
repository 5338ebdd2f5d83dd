import type { NotificationList as NotificationListData } from '@schoolledger/domain';
import { BellOff } from 'lucide-react';
import { useEffect } from 'react';
import { ConfirmDialog, EmptyState, ErrorBanner, LoadingState } from '@/components/ui';
import { notify } from '@/lib/notify';
import { useNotificationActions } from '../hooks/use-notification-actions';
import { NotificationItem } from './notification-item';

export interface NotificationListProps {
  data: NotificationListData | undefined;
  isPending: boolean;
  isError: boolean;
  unreadOnly: boolean;
  /** Called when following a notice's link (the panel closes). */
  onNavigate?(): void;
}

export function NotificationList({ data, isPending, isError, unreadOnly, onNavigate }: NotificationListProps) {
  const actions = useNotificationActions(onNavigate);
  // SPEC §8: a failed load is toasted as well as shown in place.
  useEffect(() => {
    if (isError) notify.error('Failed to load notifications');
  }, [isError]);
  if (isPending) return <LoadingState />;
  if (isError || !data) return <ErrorBanner title="Failed to load notifications" />;
  if (data.notifications.length === 0) {
    return (
      <EmptyState
        icon={BellOff}
        title="No notifications"
        description={unreadOnly ? 'All caught up!' : 'You have no notifications yet.'}
      />
    );
  }
  const now = new Date();
  return (
    <>
      <ul className="space-y-2">
        {data.notifications.map((notification) => (
          <NotificationItem
            key={notification._id}
            notification={notification}
            now={now}
            onOpen={actions.open}
            onMarkRead={actions.markRead}
            onDelete={actions.askDelete}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={actions.toDelete !== null}
        onOpenChange={(open) => !open && actions.cancelDelete()}
        title="Delete notification?"
        description={actions.toDelete ? `"${actions.toDelete.title}" will be removed for good.` : undefined}
        confirmLabel="Delete"
        danger
        loading={actions.deleting}
        onConfirm={actions.confirmDelete}
      />
    </>
  );
}
