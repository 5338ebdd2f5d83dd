import { PAYMENT_METHOD_LABELS } from '@schoolledger/domain';
import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { Checkbox, FormField, Input, Select } from '@/components/ui';
import { enabledMethods, type ProfileFormValues } from '../lib/form-values';

/** Default method (among the enabled ones), cash at the desk, installments and their minimum, family credit. */
export function SettingsFields() {
  const {
    register,
    watch,
    setValue,
    getValues,
    formState: { errors },
  } = useFormContext<ProfileFormValues>();
  const [activatePs, activateFw, activateBank, activateCash, installments] = watch([
    'activate_ps',
    'activate_fw',
    'activate_bank_transfer',
    'activate_cash',
    'enable_installments',
  ]);
  const enabled = enabledMethods({
    activate_ps: activatePs,
    activate_fw: activateFw,
    activate_bank_transfer: activateBank,
    activate_cash: activateCash,
  });
  const enabledKey = enabled.join(',');

  // Turning a method off must not leave it as the default payers are offered first.
  useEffect(() => {
    const first = enabledKey.split(',')[0];
    const current = getValues('default_payment_method');
    if (first && current && !enabledKey.split(',').includes(current)) {
      setValue('default_payment_method', first as typeof current, { shouldDirty: true });
    }
  }, [enabledKey, getValues, setValue]);

  return (
    <div className="space-y-5">
      <FormField
        label="Default payment method"
        error={errors.default_payment_method?.message}
        hint={enabled.length === 0 ? 'Turn on at least one payment method first.' : 'Offered first to payers.'}
      >
        <Select disabled={enabled.length === 0} {...register('default_payment_method')}>
          {enabled.map((method) => (
            <option key={method} value={method}>
              {PAYMENT_METHOD_LABELS[method]}
            </option>
          ))}
        </Select>
      </FormField>
      <Checkbox label="Accept cash at the bursary" {...register('activate_cash')} />
      <Checkbox label="Enable installments" {...register('enable_installments')} />
      <FormField
        label="Minimum installment amount (₦)"
        error={errors.minimum_installment_amount?.message}
        hint={installments ? 'The smallest part-payment a payer may make.' : 'Applies once installments are enabled.'}
      >
        <Input type="number" inputMode="numeric" min={0} step={100} {...register('minimum_installment_amount')} />
      </FormField>
      <div>
        <Checkbox label="Use family credit by itself" {...register('auto_apply_credit')} />
        <p className="mt-1 ml-6 text-xs text-slate-500 dark:text-slate-400">
          Credit a family gains (an overpayment, a refund kept as credit) pays its children's oldest owed fees of this
          school at once.
        </p>
      </div>
    </div>
  );
}
