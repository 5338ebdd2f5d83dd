import { zodResolver } from '@hookform/resolvers/zod';
import {
  SETTINGS_BOUNDS,
  type SecuritySettings,
  type SettingsView,
  securitySettingsSchema,
} from '@schoolledger/domain';
import { useForm } from 'react-hook-form';
import { FormField, Input } from '@/components/ui';
import { useSaveSettings } from '../api/save-settings';
import { showSaveError } from '../lib/sections';
import type { SettingsTarget } from '../lib/target';
import { SectionForm } from './section-form';

const FIELDS = [
  ['passwordMinLength', 'Minimum password length', 'characters', SETTINGS_BOUNDS.passwordMinLength],
  ['sessionTimeoutMinutes', 'Session timeout', 'minutes without activity', SETTINGS_BOUNDS.sessionTimeoutMinutes],
  ['loginMaxAttempts', 'Login attempts before lockout', 'wrong passwords in a row', SETTINGS_BOUNDS.loginMaxAttempts],
  ['lockoutMinutes', 'Lockout duration', 'minutes', SETTINGS_BOUNDS.lockoutMinutes],
] as const;

export function SecurityForm({ view, target }: { view: SettingsView['sections']['security']; target: SettingsTarget }) {
  const save = useSaveSettings('security', target);
  const form = useForm<SecuritySettings>({ resolver: zodResolver(securitySettingsSchema), values: view.value });
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
      section="security"
      description="Passwords, idle sign-out and lockout for everyone in the group. They apply from each person's next sign-in, password change or refresh."
      source={view.source}
      editable={view.editable}
      dirty={isDirty}
      saving={save.isPending}
      onSubmit={onSubmit}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        {FIELDS.map(([name, label, unit, bounds]) => (
          <FormField
            key={name}
            label={label}
            required
            error={errors[name]?.message}
            hint={`Between ${bounds.min} and ${bounds.max} ${unit}`}
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
      </div>
    </SectionForm>
  );
}
