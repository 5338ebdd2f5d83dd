import { zodResolver } from '@hookform/resolvers/zod';
import { type GroupSchool, type School, schoolInputSchema } from '@schoolledger/domain';
import { useForm } from 'react-hook-form';
import { Checkbox, FormDialog, FormField, Input, LoadingState, Modal, Select } from '@/components/ui';
import { applyFieldErrors } from '@/lib/form';
import { useCreateSchool } from '../api/create-school';
import { useGroupSchools } from '../api/get-group-schools';
import { useUpdateSchool } from '../api/update-school';

const FIELDS = [
  'groupSchool_id',
  'name',
  'email',
  'phoneNumber',
  'isActive',
  'receiptCode',
  'street',
  'street_no',
  'town',
  'state',
  'country',
  'zip_code',
] as const;

const DEFAULT_COUNTRY = 'Nigeria';

export interface SchoolFormDialogProps {
  school?: School | undefined;
  onClose(): void;
}

/** Waits for the group list so the form starts with its group chosen. */
export function SchoolFormDialog({ school, onClose }: SchoolFormDialogProps) {
  const groups = useGroupSchools();
  if (groups.isPending) {
    return (
      <Modal open onOpenChange={(open) => !open && onClose()} title={school ? 'Edit School' : 'New School'}>
        <LoadingState label="Loading group schools..." />
      </Modal>
    );
  }
  return <SchoolForm school={school} groups={groups.data ?? []} onClose={onClose} />;
}

function SchoolForm({ school, groups, onClose }: SchoolFormDialogProps & { groups: readonly GroupSchool[] }) {
  const create = useCreateSchool();
  const update = useUpdateSchool();
  const pending = create.isPending || update.isPending;
  const address = school?.address;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(schoolInputSchema),
    defaultValues: {
      groupSchool_id: school?.groupSchool._id ?? (groups.length === 1 ? groups[0]?._id : '') ?? '',
      name: school?.name ?? '',
      email: school?.email ?? '',
      phoneNumber: school?.phoneNumber ?? '',
      isActive: school?.isActive ?? true,
      receiptCode: school?.receiptCode ?? '',
      street: address?.street ?? '',
      street_no: address?.street_no ?? '',
      town: address?.town ?? '',
      state: address?.state ?? '',
      country: address?.country ?? DEFAULT_COUNTRY,
      zip_code: address?.zip_code ?? '',
    },
  });

  const onSubmit = handleSubmit((input) => {
    const callbacks = { onSuccess: onClose, onError: (error: Error) => applyFieldErrors(error, setError, FIELDS) };
    if (school) update.mutate({ id: school._id, input }, callbacks);
    else create.mutate(input, callbacks);
  });

  return (
    <FormDialog
      title={school ? 'Edit School' : 'New School'}
      submitLabel={school ? 'Save Changes' : 'Create School'}
      busyLabel={school ? 'Saving...' : 'Creating...'}
      pending={pending}
      onSubmit={onSubmit}
      onClose={onClose}
      size="lg"
    >
      <FormField
        label="Group school"
        required
        error={errors.groupSchool_id?.message}
        hint={groups.length === 0 ? 'No group schools yet: create one first.' : undefined}
      >
        <Select {...register('groupSchool_id')}>
          <option value="">Select a group school</option>
          {groups.map((group) => (
            <option key={group._id} value={group._id}>
              {group.name}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="School name" required error={errors.name?.message}>
        <Input autoComplete="organization" {...register('name')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...register('email')} />
        </FormField>
        <FormField label="Phone number" required error={errors.phoneNumber?.message}>
          <Input type="tel" autoComplete="tel" placeholder="+1234567890" {...register('phoneNumber')} />
        </FormField>
      </div>
      <FormField
        label="Receipt code"
        error={errors.receiptCode?.message}
        hint={
          school
            ? `Starts this school's receipt numbers, like ${school.receiptCode}-2026-000123. Receipts already issued keep their numbers.`
            : "Starts this school's receipt numbers, like CVC-2026-000123. Left blank, it is made from the school's initials."
        }
      >
        <Input
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={6}
          className="uppercase"
          {...register('receiptCode')}
        />
      </FormField>
      <Checkbox label="Active school" {...register('isActive')} />
      <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
        <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-white">Address</legend>
        <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
          <FormField label="Street" required error={errors.street?.message}>
            <Input autoComplete="address-line1" {...register('street')} />
          </FormField>
          <FormField label="Street number" required error={errors.street_no?.message}>
            <Input autoComplete="off" {...register('street_no')} />
          </FormField>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Town" required error={errors.town?.message}>
            <Input autoComplete="address-level2" {...register('town')} />
          </FormField>
          <FormField label="State" required error={errors.state?.message}>
            <Input autoComplete="address-level1" {...register('state')} />
          </FormField>
          <FormField label="Country" required error={errors.country?.message}>
            <Input autoComplete="country-name" {...register('country')} />
          </FormField>
          <FormField label="ZIP code" required error={errors.zip_code?.message}>
            <Input autoComplete="postal-code" {...register('zip_code')} />
          </FormField>
        </div>
      </fieldset>
    </FormDialog>
  );
}
