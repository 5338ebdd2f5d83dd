import { zodResolver } from '@hookform/resolvers/zod';
import { type User, updateUserRequestSchema } from '@schoolledger/domain';
import { Controller, useForm } from 'react-hook-form';
import { FormDialog, FormField, Input, Select } from '@/components/ui';
import { applyFieldErrors } from '@/lib/form';
import { useUpdateUser } from '../api/update-user';
import type { UserPermissions } from '../lib/permissions';
import { RoleCheckboxes } from './role-checkboxes';

const FIELDS = ['firstname', 'middlename', 'lastname', 'email', 'phone', 'roles', 'status'] as const;

export interface EditUserDialogProps {
  user: User;
  may: UserPermissions;
  onClose(): void;
}

export function EditUserDialog({ user, may, onClose }: EditUserDialogProps) {
  const update = useUpdateUser();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(updateUserRequestSchema),
    defaultValues: {
      firstname: user.firstname,
      middlename: user.middlename ?? '',
      lastname: user.lastname,
      email: user.email,
      phone: user.phone ?? '',
      roles: user.roles,
      status: user.status,
    },
  });

  const onSubmit = handleSubmit((input) =>
    update.mutate(
      { id: user._id, input },
      { onSuccess: onClose, onError: (error) => applyFieldErrors(error, setError, FIELDS) },
    ),
  );

  return (
    <FormDialog
      title="Edit User"
      submitLabel="Save Changes"
      busyLabel="Saving..."
      pending={update.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
      size="lg"
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="First name" required error={errors.firstname?.message}>
          <Input autoComplete="off" {...register('firstname')} />
        </FormField>
        <FormField label="Middle name" error={errors.middlename?.message}>
          <Input autoComplete="off" {...register('middlename')} />
        </FormField>
        <FormField label="Last name" required error={errors.lastname?.message}>
          <Input autoComplete="off" {...register('lastname')} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Email" required error={errors.email?.message}>
          <Input type="email" autoComplete="off" {...register('email')} />
        </FormField>
        <FormField label="Phone" error={errors.phone?.message}>
          <Input type="tel" autoComplete="off" {...register('phone')} />
        </FormField>
      </div>
      <Controller
        control={control}
        name="roles"
        render={({ field }) => (
          <RoleCheckboxes
            value={field.value}
            onChange={field.onChange}
            options={may.rolesFor(user)}
            error={errors.roles?.message}
          />
        )}
      />
      {may.isSelf(user) ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Your roles stay as they are and your account stays {user.status}: you cannot change your own roles or
          deactivate your own account.
        </p>
      ) : (
        <FormField label="Status" required error={errors.status?.message}>
          <Select {...register('status')}>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </Select>
        </FormField>
      )}
    </FormDialog>
  );
}
