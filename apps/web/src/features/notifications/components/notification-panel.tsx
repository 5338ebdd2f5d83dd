import { Bell, BellOff } from 'lucide-react';
import { useState } from 'react';
import { EmptyState, Sheet, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui';

const TABS = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'payments', label: 'Payments' },
] as const;

/**
 * The bell and its slide-over. Notifications arrive in a later release, so every tab shows its
 * empty text with a zero count rather than invented items.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label="Notifications"
        className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-700 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-200"
      >
        <Bell className="size-5" aria-hidden="true" />
      </button>
      <Sheet open={open} onOpenChange={setOpen} side="right" title="Notifications">
        <Tabs defaultValue="all" className="flex-1 overflow-y-auto px-4 pt-2">
          <TabsList aria-label="Filter notifications">
            {TABS.map((tab) => (
              <TabsTrigger key={tab.value} value={tab.value}>
                {tab.label}
                <span className="rounded-full bg-slate-100 px-1.5 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                  0
                </span>
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map((tab) => (
            <TabsContent key={tab.value} value={tab.value}>
              <EmptyState
                icon={BellOff}
                title="No notifications"
                description={tab.value === 'unread' ? 'All caught up!' : 'You have no notifications yet.'}
              />
            </TabsContent>
          ))}
        </Tabs>
      </Sheet>
    </>
  );
}
