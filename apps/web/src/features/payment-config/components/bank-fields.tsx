import { useFormContext } from 'react-hook-form';
import { Checkbox, FormField, Input } from '@/components/ui';
import type { ProfileFormValues } from '../lib/form-values';

/** The account payers transfer to; the bursar confirms each claimed transfer under Fee Management. */
export function BankFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<ProfileFormValues>();
  return (
    <div className="space-y-5">
      <Checkbox label="Activate bank transfer" {...register('activate_bank_transfer')} />
      <FormField label="Bank name" error={errors.bank_name?.message}>
        <Input autoComplete="off" {...register('bank_name')} />
      </FormField>
      <FormField label="Account name" error={errors.account_name?.message}>
        <Input autoComplete="off" {...register('account_name')} />
      </FormField>
      <FormField label="Account number" error={errors.account_no?.message} hint="10-digit NUBAN">
        <Input inputMode="numeric" autoComplete="off" maxLength={10} {...register('account_no')} />
      </FormField>
    </div>
  );
}
