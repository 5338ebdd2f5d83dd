import type { NotificationList } from '@schoolledger/domain';
import { CheckCheck } from 'lucide-react';
import { Button, type ButtonVariant, TabsTrigger } from '@/components/ui';
import { useMarkAllNotificationsRead } from '../api/mark-all-read';
import { NOTIFICATION_TABS } from '../lib/tabs';

type Counts = NotificationList['counts'] | undefined;

/** All, Unread and Payments, each with its count (SPEC §2), in the panel and on the page. */
export function NotificationTabTriggers({ counts }: { counts: Counts }) {
  return NOTIFICATION_TABS.map((tab) => (
    <TabsTrigger key={tab.value} value={tab.value}>
      {tab.label}
      <span className="rounded-full bg-slate-100 px-1.5 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
        {counts?.[tab.value] ?? 0}
      </span>
    </TabsTrigger>
  ));
}

/** Disabled while nothing is unread. */
export function MarkAllReadButton({ counts, variant }: { counts: Counts; variant: ButtonVariant }) {
  const markAll = useMarkAllNotificationsRead();
  return (
    <Button
      variant={variant}
      size={variant === 'ghost' ? 'sm' : 'md'}
      onClick={() => markAll.mutate()}
      disabled={markAll.isPending || !counts?.unread}
    >
      <CheckCheck className="size-4" aria-hidden="true" />
      Mark all read
    </Button>
  );
}
