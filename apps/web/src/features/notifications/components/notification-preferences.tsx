import { type NotificationKind, type NotificationPreference, notificationKindsFor } from '@schoolledger/domain';
import { useState } from 'react';
import { type NotificationChannel, NotificationKindsTable } from '@/components/notifications/notification-kinds-table';
import { QueryState } from '@/components/query-state';
import { Button, Card, CardBody } from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { useNotificationPreferences } from '../api/get-preferences';
import { useUpdateNotificationPreferences } from '../api/update-preferences';

/**
 * Per kind and channel, for the kinds that can reach this person (a parent is not offered fees to
 * approve); account-safety kinds stay on. SMS arrives later, so it is not offered.
 */
export function NotificationPreferences() {
  const stored = useNotificationPreferences();
  return (
    <QueryState query={stored} errorTitle="Failed to get notification preferences">
      {(data) => <PreferencesForm initial={data} />}
    </QueryState>
  );
}

function PreferencesForm({ initial }: { initial: NotificationPreference[] }) {
  const roles = useAuthStore((state) => state.user?.roles ?? []);
  const [draft, setDraft] = useState(initial);
  const offered = notificationKindsFor(roles);
  const save = useUpdateNotificationPreferences();
  const changed = draft.some(
    (each, index) => each.inApp !== initial[index]?.inApp || each.email !== initial[index]?.email,
  );
  const toggle = (kind: NotificationKind, channel: NotificationChannel) =>
    setDraft((current) => current.map((each) => (each.kind === kind ? { ...each, [channel]: !each[channel] } : each)));

  return (
    <Card>
      <CardBody>
        <NotificationKindsTable
          preferences={draft.filter((each) => offered.includes(each.kind))}
          caption="Which notifications reach you, in the app and by email"
          heading="Notification"
          account="your account"
          onToggle={toggle}
        />
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setDraft(initial)} disabled={!changed || save.isPending}>
            Reset
          </Button>
          <Button onClick={() => save.mutate(draft)} disabled={!changed} loading={save.isPending}>
            Save preferences
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}
