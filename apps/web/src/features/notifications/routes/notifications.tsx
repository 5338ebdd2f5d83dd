import { can } from '@schoolledger/domain';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Button, PageHeader, Pagination, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { useUrlFilters } from '@/lib/hooks/use-url-filters';
import { useNotifications } from '../api/get-notifications';
import { MarkAllReadButton, NotificationTabTriggers } from '../components/notification-controls';
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
  const [sending, setSending] = useState(false);
  const counts = list.data?.counts;

  return (
    <>
      <PageHeader
        title="Notifications"
        description="Payments, approvals, reminders and announcements that concern you."
        actions={
          <>
            <MarkAllReadButton counts={counts} variant="secondary" />
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
          <NotificationTabTriggers counts={counts} />
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
