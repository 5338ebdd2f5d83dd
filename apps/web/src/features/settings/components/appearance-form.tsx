import { zodResolver } from '@hookform/resolvers/zod';
import { type AppearanceSettings, appearanceSettingsSchema, type SettingsView, THEMES } from '@schoolledger/domain';
import { useForm } from 'react-hook-form';
import { Checkbox, FormField, Select } from '@/components/ui';
import { useSaveSettings } from '../api/save-settings';
import { showSaveError } from '../lib/sections';
import type { SettingsTarget } from '../lib/target';
import { SectionForm } from './section-form';

const THEME_LABELS = { light: 'Light', dark: 'Dark', system: 'Auto (follow the device)' } as const;

export function AppearanceForm({
  view,
  target,
}: {
  view: SettingsView['sections']['appearance'];
  target: SettingsTarget;
}) {
  const save = useSaveSettings('appearance', target);
  const form = useForm<AppearanceSettings>({ resolver: zodResolver(appearanceSettingsSchema), values: view.value });
  const {
    register,
    formState: { errors, isDirty },
  } = form;
  const onSubmit = form.handleSubmit((value) =>
    save.mutate({ value }, { onError: (error) => showSaveError(error, form.setError, ['defaultTheme', 'wholeNaira']) }),
  );

  return (
    <SectionForm
      section="appearance"
      description="How the app looks for everyone in the group who has not chosen otherwise."
      source={view.source}
      editable={view.editable}
      dirty={isDirty}
      saving={save.isPending}
      onSubmit={onSubmit}
    >
      <FormField
        label="Default theme"
        error={errors.defaultTheme?.message}
        hint="Anyone who picks a theme with the button in the top bar keeps their own choice."
        className="max-w-md"
      >
        <Select {...register('defaultTheme')}>
          {THEMES.map((theme) => (
            <option key={theme} value={theme}>
              {THEME_LABELS[theme]}
            </option>
          ))}
        </Select>
      </FormField>
      <div className="space-y-1">
        <Checkbox label="Show whole-naira amounts without kobo" {...register('wholeNaira')} />
        <p className="pl-6 text-sm text-slate-500 dark:text-slate-400">
          ₦45,000 instead of ₦45,000.00. Amounts with kobo, such as ₦12,500.50, always show them.
        </p>
      </div>
    </SectionForm>
  );
}
