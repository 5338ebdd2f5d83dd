import { zodResolver } from '@hookform/resolvers/zod';
import {
  NIGERIAN_BANKS,
  OTHER_BANK_CODE,
  type Vendor,
  type VendorFormValues,
  type VendorInput,
  vendorInputSchema,
} from '@schoolledger/domain';
import { type DefaultValues, useForm } from 'react-hook-form';
import { Checkbox, FormDialog, FormField, Input, Select, Textarea } from '@/components/ui';
import { applyFieldErrors } from '@/lib/form';
import { useSchools } from '@/lib/queries/schools';
import { useCreateVendor } from '../api/create-vendor';
import { useUpdateVendor } from '../api/update-vendor';
import { EXPENSE_MESSAGES } from '../lib/messages';
import type { ExpensePermissions } from '../lib/permissions';

const FIELDS = [
  'group_school_id',
  'name',
  'bank_code',
  'bank_name',
  'account_number',
  'account_name',
  'phone',
  'email',
  'address',
] as const;

function defaults(vendor: Vendor | undefined): DefaultValues<VendorFormValues> {
  const listed = vendor ? NIGERIAN_BANKS.some((bank) => bank.code === vendor.bankCode) : false;
  return {
    name: vendor?.name ?? '',
    bank_code: vendor?.bankCode ?? '',
    bank_name: vendor && !listed ? vendor.bankName : '',
    account_number: vendor?.accountNumber ?? '',
    account_name: vendor?.accountName ?? '',
    phone: vendor?.phone ?? '',
    email: vendor?.email ?? '',
    address: vendor?.address ?? '',
    is_active: vendor?.isActive ?? true,
  };
}

export interface VendorFormDialogProps {
  may: ExpensePermissions;
  vendor?: Vendor | undefined;
  onClose(): void;
}

/** A vendor of the caller's group and the bank account it is paid into. */
export function VendorFormDialog({ may, vendor, onClose }: VendorFormDialogProps) {
  const create = useCreateVendor();
  const update = useUpdateVendor();
  // Only the super-admin, who has no group of their own, says whose group a new vendor joins.
  const namesGroup = may.superAdmin && !vendor;
  const schools = useSchools(namesGroup);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<VendorFormValues, unknown, VendorInput>({
    resolver: zodResolver(vendorInputSchema),
    defaultValues: defaults(vendor),
  });
  const otherBank = watch('bank_code') === OTHER_BANK_CODE;

  const onSubmit = handleSubmit((input) => {
    if (namesGroup && !input.group_school_id) {
      setError('group_school_id', { message: 'Choose a school of the group' });
      return;
    }
    const body = { ...input, bank_name: otherBank ? input.bank_name : null };
    const callbacks = { onSuccess: onClose, onError: (error: Error) => applyFieldErrors(error, setError, FIELDS) };
    if (vendor) update.mutate({ id: vendor._id, input: body }, callbacks);
    else create.mutate(body, callbacks);
  });

  return (
    <FormDialog
      title={vendor ? 'Edit vendor' : 'Add vendor'}
      description="Vendors are shared by every school of the group and can be chosen as the payee of an expense."
      submitLabel="Save vendor"
      busyLabel="Saving..."
      pending={create.isPending || update.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
      size="lg"
    >
      {namesGroup && (
        <FormField
          label="Group"
          required
          error={errors.group_school_id?.message}
          hint="Any school of the group: the vendor is shared by all of them."
        >
          <Select {...register('group_school_id', { setValueAs: (value: string) => value || undefined })}>
            <option value="">{schools.isPending ? 'Loading schools...' : 'Select a school'}</option>
            {schools.data?.map((school) => (
              <option key={school._id} value={school._id}>
                {school.name}
              </option>
            ))}
          </Select>
        </FormField>
      )}
      <FormField label="Vendor name" required error={errors.name?.message}>
        <Input autoComplete="off" {...register('name')} />
      </FormField>
      {vendor && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
          {EXPENSE_MESSAGES.bankChangeHint}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Bank" required error={errors.bank_code?.message}>
          <Select {...register('bank_code')}>
            <option value="">Select a bank</option>
            {NIGERIAN_BANKS.map((bank) => (
              <option key={bank.code} value={bank.code}>
                {bank.name}
              </option>
            ))}
            <option value={OTHER_BANK_CODE}>Other bank</option>
          </Select>
        </FormField>
        {otherBank && (
          <FormField label="Bank name" required error={errors.bank_name?.message}>
            <Input autoComplete="off" {...register('bank_name')} />
          </FormField>
        )}
        <FormField label="Account number" required error={errors.account_number?.message} hint="10 digits (NUBAN)">
          <Input inputMode="numeric" autoComplete="off" maxLength={10} {...register('account_number')} />
        </FormField>
        <FormField label="Account name" required error={errors.account_name?.message}>
          <Input autoComplete="off" {...register('account_name')} />
        </FormField>
        <FormField label="Phone" error={errors.phone?.message}>
          <Input type="tel" autoComplete="off" {...register('phone')} />
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="off" {...register('email')} />
        </FormField>
      </div>
      <FormField label="Address" error={errors.address?.message}>
        <Textarea rows={2} {...register('address')} />
      </FormField>
      <Checkbox label="Active (can be chosen as a payee)" {...register('is_active')} />
    </FormDialog>
  );
}
