import { zodResolver } from '@hookform/resolvers/zod';
import {
  NOTIFICATION_KINDS,
  type NotificationSettings,
  notificationSettingsSchema,
  type SettingsView,
} from '@schoolledger/domain';
import { useForm } from 'react-hook-form';
import { NotificationKindsTable } from '@/components/notifications/notification-kinds-table';
import { useSaveSettings } from '../api/save-settings';
import { showSaveError } from '../lib/sections';
import type { SettingsTarget } from '../lib/target';
import { SectionForm } from './section-form';

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
  target,
}: {
  view: SettingsView['sections']['notifications'];
  target: SettingsTarget;
}) {
  const save = useSaveSettings('notifications', target);
  const form = useForm<NotificationSettings>({
    resolver: zodResolver(notificationSettingsSchema),
    values: withEveryKind(view.value),
  });
  const {
    formState: { isDirty },
  } = form;
  const onSubmit = form.handleSubmit((value) =>
    save.mutate({ value }, { onError: (error) => showSaveError(error, form.setError, ['defaults']) }),
  );
  const kinds = form.watch('defaults');

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
      <NotificationKindsTable
        preferences={kinds}
        caption="Notification defaults by kind"
        heading="Notice"
        account="the account"
        onToggle={(kind, channel) => {
          const index = kinds.findIndex((each) => each.kind === kind);
          form.setValue(`defaults.${index}.${channel}`, !kinds[index]?.[channel], { shouldDirty: true });
        }}
      />
    </SectionForm>
  );
}
