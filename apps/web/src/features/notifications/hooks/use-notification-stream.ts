import type { AppNotification } from '@schoolledger/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notify } from '@/lib/notify';
import { createStreamTicket } from '../api/create-stream-ticket';
import { notificationKeys } from '../api/keys';
import { openNotificationStream } from '../lib/notification-stream';

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

/** One stream per signed-in session: new notices bump the bell, refresh the lists and are toasted. */
export function useNotificationStream() {
  const queryClient = useQueryClient();
  useEffect(() => {
    askBrowserPermissionOnce();
    return openNotificationStream({
      getTicket: createStreamTicket,
      onNotification(notification) {
        queryClient.setQueryData<number>(notificationKeys.unreadCount(), (count) => (count ?? 0) + 1);
        void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
        if (document.hidden) showBrowserNotice(notification);
        else notify.info(notification.title);
      },
      onReconnected() {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      },
    });
  }, [queryClient]);
}
