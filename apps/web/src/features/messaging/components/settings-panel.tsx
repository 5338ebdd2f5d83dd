import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatKobo,
  MESSAGE_CHANNELS,
  MESSAGE_NOTICE_KIND_LABELS,
  MESSAGE_NOTICE_KINDS,
  type MessageChannel,
  type MessagingSettings,
  type MessagingSettingsResponse,
  RECEIPT_KINDS,
} from '@schoolledger/domain';
import { Save } from 'lucide-react';
import { type ComponentProps, useId } from 'react';
import { type FieldError, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { QueryState } from '@/components/query-state';
import { Button, Card, CardBody, CardHeader, FormField, Input, Switch } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form';
import { CHANNEL_LABELS } from '@/lib/message-channels';
import { notify } from '@/lib/notify';
import { useMessagingSettings } from '../api/get-messaging-settings';
import { useSaveMessagingSettings } from '../api/save-messaging-settings';
import {
  SETTINGS_FIELDS,
  SETTINGS_RENAMED,
  type SettingsFormValues,
  settingsFormSchema,
  toFormValues,
} from '../lib/settings-form';
import { AccountCard } from './account-card';

/** What the school sends by SMS and WhatsApp, how much it may spend, and when it keeps quiet. */
export function SettingsPanel({ schoolId }: { schoolId: string }) {
  const settings = useMessagingSettings(schoolId);
  return (
    <div className="space-y-6">
      <QueryState query={settings} loading="Loading the message settings..." errorTitle="Failed to load the settings">
        {(saved) => <SettingsForm schoolId={schoolId} saved={saved} />}
      </QueryState>
      {/* Its own form: the group's keys are saved apart from the school's settings. */}
      <AccountCard schoolId={schoolId} />
    </div>
  );
}

/** Naira to the kobo: the number pad on a phone; the schema reads and checks the text. */
function NairaInput(props: Omit<ComponentProps<typeof Input>, 'type' | 'inputMode' | 'min' | 'step'>) {
  return <Input type="number" inputMode="decimal" min={0} step={0.01} {...props} />;
}

function SettingsForm({ schoolId, saved }: { schoolId: string; saved: MessagingSettingsResponse }) {
  const save = useSaveMessagingSettings();
  const quietId = useId();
  const quietNoteId = useId();
  const form = useForm<SettingsFormValues, unknown, MessagingSettings>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: toFormValues(saved),
  });
  const {
    register,
    formState: { errors, isDirty },
  } = form;
  const quietOn = form.watch('quietHoursOn');
  // A window's own error (no start or end) has no field of its own: it goes under the start.
  const quietError = (errors.quietHours as FieldError | undefined)?.message;

  const onSubmit = form.handleSubmit((settings) =>
    save.mutate(
      { schoolId, settings },
      {
        onSuccess: (next) => form.reset(toFormValues(next)),
        onError: (error) => {
          if (applyFieldErrors(error, form.setError, SETTINGS_FIELDS, SETTINGS_RENAMED)) {
            notify.error('The settings were not saved: check the fields marked');
          } else {
            notify.error(errorMessage(error, 'The settings could not be saved. Please try again.'));
          }
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Message settings" className="space-y-6">
      <Card>
        <CardHeader
          title="What is sent"
          description="The notices families receive on each channel, once they have agreed to it on their Profile. Email and the app are not affected."
        />
        <CardBody className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Notices sent by SMS and WhatsApp</caption>
            <thead>
              <tr className="border-b border-slate-200 text-left text-slate-500 dark:border-slate-800 dark:text-slate-400">
                <th scope="col" className="py-2 pr-4 font-medium">
                  Notice
                </th>
                {MESSAGE_CHANNELS.map((channel) => (
                  <th key={channel} scope="col" className="w-24 py-2 text-center font-medium">
                    {CHANNEL_LABELS[channel]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {MESSAGE_NOTICE_KINDS.map((kind) => {
                const label = MESSAGE_NOTICE_KIND_LABELS[kind];
                return (
                  <tr key={kind} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                    <th scope="row" className="py-2.5 pr-4 text-left font-normal text-slate-800 dark:text-slate-200">
                      {label}
                      {RECEIPT_KINDS.includes(kind) && (
                        <span className="block text-xs text-slate-500 dark:text-slate-400">
                          Sent at once, even in quiet hours
                        </span>
                      )}
                    </th>
                    {MESSAGE_CHANNELS.map((channel) => (
                      <td key={channel} className="py-2.5 text-center">
                        <input
                          type="checkbox"
                          className="size-4 accent-emerald-600"
                          aria-label={`${label} by ${CHANNEL_LABELS[channel]}`}
                          {...register(`channels.${kind}.${channel}`)}
                        />
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </CardBody>
      </Card>

      <Card>
        <CardHeader
          title="Monthly budgets"
          description="The most each channel may cost in a calendar month. Once it is spent, that channel's further messages that month are skipped."
        />
        <CardBody className="grid gap-5 sm:grid-cols-2">
          {MESSAGE_CHANNELS.map((channel) => (
            <BudgetField
              key={channel}
              channel={channel}
              spentKobo={saved.spentThisMonthKobo[channel]}
              error={errors.monthlyBudgetNaira?.[channel]?.message}
              field={register(`monthlyBudgetNaira.${channel}`)}
            />
          ))}
        </CardBody>
      </Card>

      <Card>
        <CardHeader
          title="Quiet hours"
          description="Reminders and other notices due in these hours wait until they end (Lagos time)."
        />
        <CardBody className="space-y-4">
          <div className="flex items-center justify-between gap-4">
            <div className="min-w-0">
              <label htmlFor={quietId} className="text-sm font-medium text-slate-900 dark:text-white">
                Quiet hours
              </label>
              <p id={quietNoteId} className="text-xs text-slate-500 dark:text-slate-400">
                Receipts are always sent at once, and count towards the budget.
              </p>
            </div>
            <Switch
              id={quietId}
              checked={quietOn}
              describedBy={quietNoteId}
              onChange={(on) => form.setValue('quietHoursOn', on, { shouldDirty: true })}
            />
          </div>
          <div className="grid max-w-md grid-cols-2 gap-4 sm:gap-5">
            <FormField label="From" error={errors.quietHours?.start?.message ?? quietError}>
              <Input type="time" step={60} disabled={!quietOn} {...register('quietHours.start')} />
            </FormField>
            <FormField label="Until" error={errors.quietHours?.end?.message}>
              <Input type="time" step={60} disabled={!quietOn} {...register('quietHours.end')} />
            </FormField>
          </div>
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="SMS sender ID" description="The name an SMS comes from on the family's phone." />
        <CardBody>
          <FormField
            label="Sender ID"
            className="max-w-sm"
            error={errors.smsSenderId?.message}
            hint="3 to 11 letters or digits, such as CRESTVIEW. Leave empty to use the sender set up on the server. A new sender ID must first be registered with the SMS provider."
          >
            <Input autoComplete="off" spellCheck={false} maxLength={11} {...register('smsSenderId')} />
          </FormField>
        </CardBody>
      </Card>

      <Card className="flex flex-col-reverse gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
          {isDirty ? 'You have unsaved changes.' : 'All changes saved.'}
        </p>
        <Button type="submit" loading={save.isPending} className="w-full sm:w-auto">
          {!save.isPending && <Save className="size-4" aria-hidden="true" />}
          {save.isPending ? 'Saving...' : 'Save message settings'}
        </Button>
      </Card>
    </form>
  );
}

function BudgetField({
  channel,
  spentKobo,
  error,
  field,
}: {
  channel: MessageChannel;
  spentKobo: string;
  error: string | undefined;
  field: UseFormRegisterReturn;
}) {
  return (
    <div className="space-y-1.5">
      <FormField
        label={`${CHANNEL_LABELS[channel]} budget per month (₦)`}
        error={error}
        hint="Leave empty for no budget."
      >
        <NairaInput placeholder="No budget" {...field} />
      </FormField>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Spent this month: <span className="font-medium tabular-nums">{formatKobo(BigInt(spentKobo))}</span>
      </p>
    </div>
  );
}
