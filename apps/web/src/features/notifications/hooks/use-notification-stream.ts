import type { AppNotification, NotificationKind } from '@schoolledger/domain';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notify } from '@/lib/notify';
import { createStreamTicket } from '../api/create-stream-ticket';
import { notificationKeys } from '../api/keys';
import { openNotificationStream } from '../lib/notification-stream';
import { QUERIES_CHANGED_BY, QUERIES_CHANGED_BY_ANY } from '../lib/refresh-on-notice';

const ASKED_KEY = 'schoolledger.notifications.permission-asked';
const BROWSER_NOTICE_MS = 5000;

/** SPEC §6: the browser's permission is asked once, when the bell first loads, if still undecided. */
function askBrowserPermissionOnce() {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
  if (localStorage.getItem(ASKED_KEY)) return;
  localStorage.setItem(ASKED_KEY, '1');
  void Notification.requestPermission().catch(() => undefined);
}

/** SPEC §9: browser notices close after 5 s, except errors and overdue payments, which wait for the reader. */
function showBrowserNotice(notification: AppNotification) {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const sticky = notification.type === 'error' || notification.type === 'payment_overdue';
  const notice = new Notification(notification.title, {
    body: notification.message,
    tag: notification._id,
    requireInteraction: sticky,
  });
  notice.onclick = () => {
    window.focus();
    if (notification.actionUrl) window.location.assign(notification.actionUrl);
  };
  if (!sticky) setTimeout(() => notice.close(), BROWSER_NOTICE_MS);
}

function refresh(queryClient: QueryClient, keys: readonly QueryKey[]) {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

const refreshAfter = (queryClient: QueryClient, kind: NotificationKind) =>
  refresh(queryClient, QUERIES_CHANGED_BY[kind]);

/**
 * One stream per signed-in session: new notices bump the bell, refresh the lists and are toasted;
 * a notice, or a change at one of a staff member's schools, refreshes the open pages it changes.
 */
export function useNotificationStream() {
  const queryClient = useQueryClient();
  useEffect(() => {
    askBrowserPermissionOnce();
    return openNotificationStream({
      getTicket: createStreamTicket,
      onNotification(notification) {
        queryClient.setQueryData<number>(notificationKeys.unreadCount(), (count) => (count ?? 0) + 1);
        void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
        refreshAfter(queryClient, notification.kind);
        if (document.hidden) showBrowserNotice(notification);
        else notify.info(notification.title);
      },
      onChange(change) {
        refreshAfter(queryClient, change.kind);
      },
      onReconnected() {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        refresh(queryClient, QUERIES_CHANGED_BY_ANY);
      },
    });
  }, [queryClient]);
}
