import {
  type MessageChannel,
  type NotificationKind,
  type NotificationPreference,
  notificationKindsFor,
} from '@schoolledger/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { type NotificationChannel, NotificationKindsTable } from '@/components/notifications/notification-kinds-table';
import { QueryState } from '@/components/query-state';
import { Button, Card, CardBody } from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { useMyPhone } from '../api/get-my-phone';
import { useNotificationPreferences } from '../api/get-preferences';
import { useUpdateNotificationPreferences } from '../api/update-preferences';
import { phoneColumnsOf } from '../lib/phone-columns';

/**
 * Per kind and channel, for the kinds that can reach this person (a parent is not offered fees to
 * approve); account-safety kinds stay on. SMS and WhatsApp are offered for the kinds phones carry,
 * usable once the person confirmed their phone and agreed to the channel.
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
  const myPhone = useMyPhone();
  const phone = phoneColumnsOf(myPhone.data, myPhone.isError);
  const changed = draft.some(
    (each, index) =>
      each.inApp !== initial[index]?.inApp ||
      each.email !== initial[index]?.email ||
      each.sms !== initial[index]?.sms ||
      each.whatsapp !== initial[index]?.whatsapp,
  );
  const toggle = (kind: NotificationKind, channel: NotificationChannel) =>
    setDraft((current) => current.map((each) => (each.kind === kind ? { ...each, [channel]: !each[channel] } : each)));
  // A phone kind's switch is on unless turned off (the server answers true where never chosen).
  const togglePhone = (kind: NotificationKind, channel: MessageChannel) =>
    setDraft((current) =>
      current.map((each) => (each.kind === kind ? { ...each, [channel]: each[channel] === false } : each)),
    );
  const needsProfile = myPhone.data && (!phone.sms.usable || !phone.whatsapp.usable);

  return (
    <Card>
      <CardBody>
        <NotificationKindsTable
          preferences={draft.filter((each) => offered.includes(each.kind))}
          caption="Which notifications reach you, in the app, by email, by SMS and on WhatsApp"
          heading="Notification"
          account="your account"
          onToggle={toggle}
          phone={phone}
          onTogglePhone={togglePhone}
        />
        {needsProfile && (
          <p className="mt-1 text-xs">
            <Link to="/profile" className="font-medium text-emerald-700 underline dark:text-emerald-400">
              Go to your Profile
            </Link>
          </p>
        )}
        <div className="mt-4 flex flex-wrap justify-end gap-2">
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
