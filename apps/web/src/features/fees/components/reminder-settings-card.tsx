import { DUE_SOON_DAYS, URGENT_DAYS } from '@schoolledger/domain';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { Card, CardBody, CardHeader, Checkbox, Spinner } from '@/components/ui';
import { type ReminderSettings, useReminderSettings, useUpdateReminderSettings } from '../api/reminder-settings';
import { REMINDER_MESSAGES } from '../lib/reminder-messages';

const STAGES: readonly (readonly [keyof ReminderSettings, string, string])[] = [
  ['dueSoon', 'Due soon', `${DUE_SOON_DAYS} days before the due date`],
  ['urgent', 'Urgent', `${URGENT_DAYS} days before the due date`],
  ['overdue', 'Overdue', 'The day after the due date'],
];

/** Which automatic reminders the school sends; each switch saves at once. */
export function ReminderSettingsCard({ schoolId }: { schoolId: string }) {
  const settings = useReminderSettings(schoolId);
  const update = useUpdateReminderSettings();
  // The switch moves when pressed, not when the server answers; a refused change shows the saved state again.
  const [draft, setDraft] = useState<(ReminderSettings & { schoolId: string }) | null>(null);

  let body: React.ReactNode;
  if (!schoolId) {
    body = <p className="text-sm text-slate-600 dark:text-slate-300">Select a school to see its settings.</p>;
  } else {
    body = (
      <QueryState
        query={settings}
        loading={<Spinner className="text-emerald-600" />}
        errorTitle={REMINDER_MESSAGES.settingsLoadFailed}
      >
        {(saved) => {
          const current = draft?.schoolId === schoolId ? draft : saved;
          return (
            <ul className="grid gap-3 sm:grid-cols-3">
              {STAGES.map(([key, label, when]) => (
                <li key={key} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
                  <Checkbox
                    role="switch"
                    label={<span className="font-medium">{label}</span>}
                    aria-describedby={`reminder-stage-${key}`}
                    checked={current[key]}
                    onChange={(event) => {
                      const next = {
                        schoolId,
                        dueSoon: current.dueSoon,
                        urgent: current.urgent,
                        overdue: current.overdue,
                        [key]: event.target.checked,
                      };
                      setDraft(next);
                      update.mutate(next, { onSettled: () => setDraft((shown) => (shown === next ? null : shown)) });
                    }}
                  />
                  <p id={`reminder-stage-${key}`} className="mt-1 pl-6 text-sm text-slate-600 dark:text-slate-300">
                    {when}
                  </p>
                </li>
              ))}
            </ul>
          );
        }}
      </QueryState>
    );
  }

  return (
    <Card>
      <CardHeader
        title="Automatic reminders"
        description="Students and their parents are reminded of fees they still owe. Switch off the reminders this school does not send."
      />
      <CardBody>{body}</CardBody>
    </Card>
  );
}
