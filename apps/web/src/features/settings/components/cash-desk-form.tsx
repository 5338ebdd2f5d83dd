import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CashDeskSettings,
  cashDeskSettingsSchema,
  type SettingsView,
  TILL_CONFIRMER_ROLES,
} from '@schoolledger/domain';
import { Controller, useForm } from 'react-hook-form';
import { Checkbox, FormField, Input } from '@/components/ui';
import { useSaveSettings } from '../api/save-settings';
import { showSaveError } from '../lib/sections';
import type { SettingsTarget } from '../lib/target';
import { SectionForm } from './section-form';

const FIELDS = [
  'requireOpenTillForCash',
  'tillVarianceToleranceNaira',
  'tillCloseConfirmers',
  'tillBankWithinDays',
] as const satisfies readonly (keyof CashDeskSettings)[];

/** How the cash desk's tills are kept: whether cash needs an open till, the tolerance, who confirms a close, when to bank. */
export function CashDeskForm({ view, target }: { view: SettingsView['sections']['cashDesk']; target: SettingsTarget }) {
  const save = useSaveSettings('cashDesk', target);
  const form = useForm<CashDeskSettings>({ resolver: zodResolver(cashDeskSettingsSchema), values: view.value });
  const {
    register,
    control,
    formState: { errors, isDirty },
  } = form;
  const onSubmit = form.handleSubmit((value) =>
    save.mutate({ value }, { onError: (error) => showSaveError(error, form.setError, [...FIELDS]) }),
  );

  return (
    <SectionForm
      section="cashDesk"
      description="How cash at the desk is controlled: every naira into a counted till, a second person confirming each close, and the cash banked on time."
      source={view.source}
      editable={view.editable}
      dirty={isDirty}
      saving={save.isPending}
      onSubmit={onSubmit}
    >
      <div className="space-y-5">
        <Checkbox
          label="Take cash only into an open till (a bursar opens and counts one first)"
          {...register('requireOpenTillForCash')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            label="Difference allowed without a reason (₦)"
            required
            error={errors.tillVarianceToleranceNaira?.message}
            hint="A count that differs from what is expected by more needs the bursar's reason."
          >
            <Input inputMode="decimal" {...register('tillVarianceToleranceNaira')} />
          </FormField>
          <FormField
            label="Bank the cash within (days)"
            required
            error={errors.tillBankWithinDays?.message}
            hint="Between 0 and 30 days after the close is confirmed."
          >
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              max={30}
              step={1}
              {...register('tillBankWithinDays', { valueAsNumber: true })}
            />
          </FormField>
        </div>
        <Controller
          control={control}
          name="tillCloseConfirmers"
          render={({ field }) => (
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">
                Who confirms a till's close (never the bursar who counted it)
              </legend>
              {TILL_CONFIRMER_ROLES.map((role) => (
                <Checkbox
                  key={role}
                  label={role === 'Bursar' ? 'Another bursar' : role}
                  checked={field.value.includes(role)}
                  onChange={(event) =>
                    field.onChange(
                      event.target.checked
                        ? TILL_CONFIRMER_ROLES.filter((each) => each === role || field.value.includes(each))
                        : field.value.filter((each) => each !== role),
                    )
                  }
                />
              ))}
              {errors.tillCloseConfirmers && (
                <p className="text-sm text-red-700 dark:text-red-400" role="alert">
                  {errors.tillCloseConfirmers.message}
                </p>
              )}
            </fieldset>
          )}
        />
      </div>
    </SectionForm>
  );
}
