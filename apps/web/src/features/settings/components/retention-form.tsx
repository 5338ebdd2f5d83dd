import { zodResolver } from '@hookform/resolvers/zod';
import {
  FINANCIAL_RECORDS_YEARS,
  type RetentionSettings,
  retentionSettingsSchema,
  SETTINGS_BOUNDS,
  type SettingsView,
} from '@schoolledger/domain';
import { useForm } from 'react-hook-form';
import { FormField, Input } from '@/components/ui';
import { useSaveSettings } from '../api/save-settings';
import { showSaveError } from '../lib/sections';
import type { SettingsTarget } from '../lib/target';
import { SectionForm } from './section-form';

const FIELDS = [
  [
    'notificationMonths',
    'Keep notifications (in the app, email, SMS and WhatsApp) for',
    SETTINGS_BOUNDS.notificationMonths,
  ],
  ['systemLogMonths', 'Keep system logs for', SETTINGS_BOUNDS.systemLogMonths],
] as const;

export function RetentionForm({
  view,
  target,
}: {
  view: SettingsView['sections']['retention'];
  target: SettingsTarget;
}) {
  const save = useSaveSettings('retention', target);
  const form = useForm<RetentionSettings>({ resolver: zodResolver(retentionSettingsSchema), values: view.value });
  const {
    register,
    formState: { errors, isDirty },
  } = form;
  const onSubmit = form.handleSubmit((value) =>
    save.mutate(
      { value },
      {
        onError: (error) =>
          showSaveError(
            error,
            form.setError,
            FIELDS.map(([name]) => name),
          ),
      },
    ),
  );

  return (
    <SectionForm
      section="retention"
      description="How long information is kept before it is deleted, for every school in the group. Older notifications are deleted each night."
      source={view.source}
      editable={view.editable}
      dirty={isDirty}
      saving={save.isPending}
      onSubmit={onSubmit}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        {FIELDS.map(([name, label, bounds]) => (
          <FormField
            key={name}
            label={label}
            required
            error={errors[name]?.message}
            hint={`Between ${bounds.min} and ${bounds.max} months`}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={bounds.min}
              max={bounds.max}
              step={1}
              {...register(name, { valueAsNumber: true })}
            />
          </FormField>
        ))}
        <FormField
          label="Keep financial records for"
          hint="Fees, payments, receipts, refunds and the books. Set by Nigerian tax law; it cannot be changed."
        >
          <Input
            readOnly
            value={`${FINANCIAL_RECORDS_YEARS} years`}
            className="read-only:bg-slate-100 read-only:text-slate-600 dark:read-only:bg-slate-800 dark:read-only:text-slate-300"
          />
        </FormField>
      </div>
    </SectionForm>
  );
}
