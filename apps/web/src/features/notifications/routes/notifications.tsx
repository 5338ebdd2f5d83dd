import { can } from '@schoolledger/domain';
import { CheckCheck, Send } from 'lucide-react';
import { useState } from 'react';
import { Button, PageHeader, Pagination, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { useUrlFilters } from '@/lib/hooks/use-url-filters';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-read';
import { NotificationList } from '../components/notification-list';
import { NotificationPreferences } from '../components/notification-preferences';
import { SendNotificationDialog } from '../components/send-notification-dialog';
import { NOTIFICATION_TABS, type NotificationTab, queryOfTab } from '../lib/tabs';

type PageTab = NotificationTab | 'settings';
const TABS: readonly PageTab[] = [...NOTIFICATION_TABS.map((tab) => tab.value), 'settings'];
const DEFAULTS = { tab: 'all' as PageTab, page: 1 };
const OPTIONS = { parse: { tab: (raw: string) => TABS.find((tab) => tab === raw) } };

export default function NotificationsPage() {
  const roles = useAuthStore((state) => state.user?.roles ?? []);
  const { filters, update } = useUrlFilters(DEFAULTS, OPTIONS);
  const tab = filters.tab as PageTab;
  const listTab: NotificationTab = tab === 'settings' ? 'all' : tab;
  // Fetched on the Settings tab too: its counts label the other tabs.
  const list = useNotifications(queryOfTab(listTab, filters.page));
  const markAll = useMarkAllNotificationsRead();
  const [sending, setSending] = useState(false);
  const counts = list.data?.counts;

  return (
    <>
      <PageHeader
        title="Notifications"
        description="Payments, approvals, reminders and announcements that concern you."
        actions={
          <>
            <Button
              variant="secondary"
              onClick={() => markAll.mutate()}
              disabled={markAll.isPending || !counts?.unread}
            >
              <CheckCheck className="size-4" aria-hidden="true" />
              Mark all read
            </Button>
            {can(roles, 'notifications.broadcast') && (
              <Button onClick={() => setSending(true)}>
                <Send className="size-4" aria-hidden="true" />
                Send notification
              </Button>
            )}
          </>
        }
      />
      <Tabs value={tab} onValueChange={(value) => update({ tab: value as PageTab })}>
        <TabsList aria-label="Notifications" className="flex-wrap">
          {NOTIFICATION_TABS.map((each) => (
            <TabsTrigger key={each.value} value={each.value}>
              {each.label}
              <span className="rounded-full bg-slate-100 px-1.5 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                {counts?.[each.value] ?? 0}
              </span>
            </TabsTrigger>
          ))}
          <TabsTrigger value="settings">Settings</TabsTrigger>
        </TabsList>
        {NOTIFICATION_TABS.map((each) => (
          <TabsContent key={each.value} value={each.value}>
            <NotificationList
              data={list.data}
              isPending={list.isPending}
              isError={list.isError}
              unreadOnly={each.value === 'unread'}
            />
            {list.data && (
              <Pagination
                className="mt-4"
                page={list.data.pagination.page}
                totalPages={list.data.pagination.totalPages}
                total={list.data.pagination.total}
                limit={list.data.pagination.limit}
                onPageChange={(page) => update({ page })}
              />
            )}
          </TabsContent>
        ))}
        <TabsContent value="settings">
          <NotificationPreferences />
        </TabsContent>
      </Tabs>
      {sending && <SendNotificationDialog onClose={() => setSending(false)} />}
    </>
  );
}
