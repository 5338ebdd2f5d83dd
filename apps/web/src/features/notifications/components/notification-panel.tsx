import { unreadBadge } from '@schoolledger/domain';
import { Bell, Settings } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Sheet, Tabs, TabsContent, TabsList } from '@/components/ui';
import { useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useNotificationStream } from '../hooks/use-notification-stream';
import { NOTIFICATION_TABS, type NotificationTab, queryOfTab } from '../lib/tabs';
import { MarkAllReadButton, NotificationTabTriggers } from './notification-controls';
import { NotificationList } from './notification-list';

/** The bell in the top bar: its badge is kept current by the event stream it opens once per session. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  useNotificationStream();
  const unread = useUnreadCount();
  const badge = unreadBadge(unread.data ?? 0);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={badge ? `Notifications, ${unread.data} unread` : 'Notifications'}
        className="relative rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-700 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-200"
      >
        <Bell className="size-5" aria-hidden="true" />
        {badge && (
          <span
            data-testid="unread-badge"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-semibold text-white ring-2 ring-white dark:ring-slate-900"
          >
            {badge}
          </span>
        )}
      </button>
      <Sheet open={open} onOpenChange={setOpen} side="right" title="Notifications">
        {open && <PanelContent onClose={() => setOpen(false)} />}
      </Sheet>
    </>
  );
}

function PanelContent({ onClose }: { onClose(): void }) {
  const [tab, setTab] = useState<NotificationTab>('all');
  const list = useNotifications(queryOfTab(tab));
  const counts = list.data?.counts;
  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2 dark:border-slate-800">
        <MarkAllReadButton counts={counts} variant="ghost" />
        <Link
          to="/notifications?tab=settings"
          onClick={onClose}
          className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <Settings className="size-4" aria-hidden="true" />
          Notification Settings
        </Link>
      </div>
      <Tabs
        value={tab}
        onValueChange={(value) => setTab(value as NotificationTab)}
        className="flex min-h-0 flex-1 flex-col px-4 pt-2"
      >
        <TabsList aria-label="Filter notifications">
          <NotificationTabTriggers counts={counts} />
        </TabsList>
        {NOTIFICATION_TABS.map((each) => (
          <TabsContent key={each.value} value={each.value} className="min-h-0 flex-1 overflow-y-auto pb-4">
            <NotificationList
              data={list.data}
              isPending={list.isPending}
              isError={list.isError}
              unreadOnly={each.value === 'unread'}
              onNavigate={onClose}
            />
          </TabsContent>
        ))}
      </Tabs>
      <div className="border-t border-slate-200 px-4 py-3 text-center dark:border-slate-800">
        <Link
          to="/notifications"
          onClick={onClose}
          className="text-sm font-medium text-emerald-700 hover:underline dark:text-emerald-400"
        >
          View all notifications
        </Link>
      </div>
    </>
  );
}
