import {
  MANDATORY_NOTIFICATION_KINDS,
  NOTIFICATION_KIND_LABELS,
  type NotificationKind,
  type NotificationPreference,
} from '@schoolledger/domain';
import { useState } from 'react';
import { Button, Card, CardBody, ErrorBanner, LoadingState } from '@/components/ui';
import { useNotificationPreferences } from '../api/get-preferences';
import { useUpdateNotificationPreferences } from '../api/update-preferences';

type Channel = 'inApp' | 'email';

/** Per kind and channel; account-safety kinds stay on. SMS arrives later, so it is not offered. */
export function NotificationPreferences() {
  const stored = useNotificationPreferences();
  if (stored.isPending) return <LoadingState />;
  if (stored.isError) return <ErrorBanner title="Failed to get notification preferences" />;
  return <PreferencesForm initial={stored.data} />;
}

function PreferencesForm({ initial }: { initial: NotificationPreference[] }) {
  const [draft, setDraft] = useState(initial);
  const save = useUpdateNotificationPreferences();
  const changed = draft.some(
    (each, index) => each.inApp !== initial[index]?.inApp || each.email !== initial[index]?.email,
  );
  const toggle = (kind: NotificationKind, channel: Channel) =>
    setDraft((current) => current.map((each) => (each.kind === kind ? { ...each, [channel]: !each[channel] } : each)));

  return (
    <Card>
      <CardBody>
        <table className="w-full text-sm">
          <caption className="sr-only">Which notifications reach you, in the app and by email</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-500 dark:border-slate-800 dark:text-slate-400">
              <th scope="col" className="py-2 pr-4 font-medium">
                Notification
              </th>
              <th scope="col" className="w-20 py-2 text-center font-medium">
                In app
              </th>
              <th scope="col" className="w-20 py-2 text-center font-medium">
                Email
              </th>
            </tr>
          </thead>
          <tbody>
            {draft.map((preference) => {
              const locked = MANDATORY_NOTIFICATION_KINDS.includes(preference.kind);
              const label = NOTIFICATION_KIND_LABELS[preference.kind];
              return (
                <tr key={preference.kind} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                  <th scope="row" className="py-2.5 pr-4 text-left font-normal text-slate-800 dark:text-slate-200">
                    {label}
                    {locked && (
                      <span className="block text-xs text-slate-500 dark:text-slate-400">
                        Always sent: it concerns the safety of your account
                      </span>
                    )}
                  </th>
                  {(['inApp', 'email'] as const).map((channel) => (
                    <td key={channel} className="py-2.5 text-center">
                      <input
                        type="checkbox"
                        className="size-4 accent-emerald-600"
                        aria-label={`${label}: ${channel === 'inApp' ? 'in app' : 'email'}`}
                        checked={locked || preference[channel]}
                        disabled={locked}
                        onChange={() => toggle(preference.kind, channel)}
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
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
