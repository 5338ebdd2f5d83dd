import { zodResolver } from '@hookform/resolvers/zod';
import {
  MANDATORY_NOTIFICATION_KINDS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationSettings,
  notificationSettingsSchema,
  type SettingsView,
} from '@schoolledger/domain';
import { useForm } from 'react-hook-form';
import { useSaveSettings } from '../api/save-settings';
import { showSaveError } from '../lib/sections';
import { SectionForm } from './section-form';

const CHECKBOX = 'size-4 rounded border-slate-300 accent-emerald-600';

/** Every kind, in the domain's order, whether or not the saved list names it. */
function withEveryKind(settings: NotificationSettings): NotificationSettings {
  return {
    defaults: NOTIFICATION_KINDS.map(
      (kind) => settings.defaults.find((each) => each.kind === kind) ?? { kind, inApp: true, email: true },
    ),
  };
}

export function NotificationsForm({
  view,
  schoolId,
}: {
  view: SettingsView['sections']['notifications'];
  schoolId: string;
}) {
  const save = useSaveSettings('notifications', schoolId);
  const form = useForm<NotificationSettings>({
    resolver: zodResolver(notificationSettingsSchema),
    values: withEveryKind(view.value),
  });
  const {
    register,
    formState: { isDirty },
  } = form;
  const onSubmit = form.handleSubmit((value) =>
    save.mutate({ value }, { onError: (error) => showSaveError(error, form.setError, ['defaults']) }),
  );
  const kinds = form.getValues('defaults');

  return (
    <SectionForm
      section="notifications"
      description="What people receive until they choose for themselves in their own notification preferences."
      source={view.source}
      editable={view.editable}
      dirty={isDirty}
      saving={save.isPending}
      onSubmit={onSubmit}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Notification defaults by kind</caption>
        <thead className="text-slate-500 dark:text-slate-400">
          <tr>
            <th scope="col" className="pb-2 font-medium">
              Notice
            </th>
            <th scope="col" className="w-20 pb-2 text-center font-medium">
              In app
            </th>
            <th scope="col" className="w-20 pb-2 text-center font-medium">
              Email
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {kinds.map((preference, index) => {
            const label = NOTIFICATION_KIND_LABELS[preference.kind];
            const mandatory = MANDATORY_NOTIFICATION_KINDS.includes(preference.kind);
            return (
              <tr key={preference.kind}>
                <th scope="row" className="py-2.5 pr-2 font-normal text-slate-800 dark:text-slate-200">
                  {label}
                  {mandatory && (
                    <span className="block text-xs text-slate-500 dark:text-slate-400">
                      Always sent: it concerns the safety of the account
                    </span>
                  )}
                </th>
                {(['inApp', 'email'] as const).map((channel) => (
                  <td key={channel} className="py-2.5 text-center">
                    {mandatory ? (
                      // Not registered: a disabled input would be submitted as no value at all.
                      <input
                        type="checkbox"
                        aria-label={`${label}: ${channel === 'inApp' ? 'in app' : 'email'}`}
                        checked
                        disabled
                        readOnly
                        className={CHECKBOX}
                      />
                    ) : (
                      <input
                        type="checkbox"
                        aria-label={`${label}: ${channel === 'inApp' ? 'in app' : 'email'}`}
                        className={CHECKBOX}
                        {...register(`defaults.${index}.${channel}`)}
                      />
                    )}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </SectionForm>
  );
}
