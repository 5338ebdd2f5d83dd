import { zodResolver } from '@hookform/resolvers/zod';
import {
  BACKUP_FREQUENCIES,
  type BackupSettings,
  backupSettingsSchema,
  capitalize,
  SETTINGS_BOUNDS,
  type SettingsView,
} from '@schoolledger/domain';
import { useForm } from 'react-hook-form';
import { FormField, Input, Select } from '@/components/ui';
import { useSaveSettings } from '../api/save-settings';
import { showSaveError } from '../lib/sections';
import { OWN_LEVEL } from '../lib/target';
import { SectionForm } from './section-form';

const { min, max } = SETTINGS_BOUNDS.backupRetentionDays;

export function BackupForm({ view }: { view: SettingsView['sections']['backup'] }) {
  // One database, one schedule: backup is saved for the whole installation, whichever school is chosen.
  const save = useSaveSettings('backup', OWN_LEVEL);
  const form = useForm<BackupSettings>({ resolver: zodResolver(backupSettingsSchema), values: view.value });
  const {
    register,
    formState: { errors, isDirty },
  } = form;
  const onSubmit = form.handleSubmit((value) =>
    save.mutate({ value }, { onError: (error) => showSaveError(error, form.setError, ['frequency', 'retentionDays']) }),
  );

  return (
    <SectionForm
      section="backup"
      description="How often the database is backed up and how long backups are kept. One schedule for the whole installation."
      source={view.source}
      editable={view.editable}
      dirty={isDirty}
      saving={save.isPending}
      onSubmit={onSubmit}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Backup frequency" required error={errors.frequency?.message}>
          <Select {...register('frequency')}>
            {BACKUP_FREQUENCIES.map((frequency) => (
              <option key={frequency} value={frequency}>
                {capitalize(frequency)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          label="Keep backups for"
          required
          error={errors.retentionDays?.message}
          hint={`Between ${min} and ${max} days`}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            step={1}
            {...register('retentionDays', { valueAsNumber: true })}
          />
        </FormField>
      </div>
    </SectionForm>
  );
}
