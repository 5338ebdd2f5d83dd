import { zodResolver } from '@hookform/resolvers/zod';
import { bulkNotificationInputSchema, plural, ROLES } from '@schoolledger/domain';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { PhoneMessagesPreview } from '@/components/notifications/phone-messages-preview';
import { FormDialog, FormField, Input, Select, Textarea } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import { notify } from '@/lib/notify';
import { useSchools } from '@/lib/queries/schools';
import { useBulkNotificationPreview } from '../api/preview-bulk-notification';
import { type BulkNotificationInput, useSendBulkNotification } from '../api/send-notification';

// An empty select means no narrowing, which the schema reads as an absent field.
const emptyAsUnset = (value: string) => value || undefined;

const FIELDS = ['title', 'message', 'type', 'schoolId', 'role', 'actionUrl'] as const;

/** A notice to everyone of a school, or of a role (within a school, or across the sender's schools). */
export function SendNotificationDialog({ onClose }: { onClose(): void }) {
  const schools = useSchools();
  const send = useSendBulkNotification();
  const form = useForm<BulkNotificationInput>({
    resolver: zodResolver(bulkNotificationInputSchema),
    defaultValues: { title: '', message: '', type: 'info', schoolId: undefined, role: undefined, actionUrl: null },
  });
  const { errors } = form.formState;
  // What it would send to phones, asked for once the typing pauses and the notice is one the server
  // takes; the values are compared as text, so a render with the same values asks nothing new.
  const settled = useDebouncedValue(JSON.stringify(form.watch()), 500);
  const typed = useMemo(() => bulkNotificationInputSchema.safeParse(JSON.parse(settled)), [settled]);
  const preview = useBulkNotificationPreview(typed.success ? typed.data : ({} as BulkNotificationInput), typed.success);

  const submit = form.handleSubmit((input) =>
    send.mutate(input, {
      onSuccess: ({ recipients }) => {
        notify.success(`Notification sent to ${plural(recipients, 'person', 'people')}`);
        onClose();
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, FIELDS)) {
          notify.error(errorMessage(error, 'Failed to send bulk notifications'));
        }
      },
    }),
  );

  return (
    <FormDialog
      title="Send notification"
      description="Everyone chosen sees it in the app at once, by email if they keep email on for announcements, and by SMS or WhatsApp where the school sends announcements there and the family agreed."
      submitLabel="Send"
      busyLabel="Sending..."
      pending={send.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="School" error={errors.schoolId?.message}>
          <Select {...form.register('schoolId', { setValueAs: emptyAsUnset })}>
            <option value="">All my schools</option>
            {schools.data?.map((school) => (
              <option key={school._id} value={school._id}>
                {school.name}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Role" error={errors.role?.message}>
          <Select {...form.register('role', { setValueAs: emptyAsUnset })}>
            <option value="">Everyone</option>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {role.replace('_', ' ')}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <FormField label="Type" error={errors.type?.message}>
        <Select {...form.register('type')}>
          <option value="info">Information</option>
          <option value="success">Good news</option>
          <option value="warning">Warning</option>
          <option value="error">Problem</option>
        </Select>
      </FormField>
      <FormField label="Title" required error={errors.title?.message}>
        <Input {...form.register('title')} maxLength={120} />
      </FormField>
      <FormField label="Message" required error={errors.message?.message}>
        <Textarea {...form.register('message')} rows={4} maxLength={1000} />
      </FormField>
      <FormField label="Link in the app" hint="Optional, such as /student/fees" error={errors.actionUrl?.message}>
        <Input
          {...form.register('actionUrl', { setValueAs: (value: string | null) => value?.trim() || null })}
          placeholder="/student/fees"
        />
      </FormField>
      <PhoneMessagesPreview
        preview={preview.data}
        loading={preview.isFetching}
        idle="Write a title and a message to see what goes by SMS and WhatsApp."
        nobody="No one gets this by SMS or WhatsApp: the school does not send announcements there, or no family has agreed to them."
      />
    </FormDialog>
  );
}
