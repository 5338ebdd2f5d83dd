import { zodResolver } from '@hookform/resolvers/zod';
import { createUserFormSchema, passwordMinCheck } from '@schoolledger/domain';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormDialog, FormField, Input, PasswordInput, Select } from '@/components/ui';
import { applyFieldErrors } from '@/lib/form';
import { usePasswordMinLength } from '@/lib/my-settings';
import { useSchools } from '@/lib/queries/schools';
import { useCreateUser } from '../api/create-user';
import type { UserPermissions } from '../lib/permissions';
import { RoleCheckboxes } from './role-checkboxes';

const FIELDS = ['firstname', 'lastname', 'email', 'phone', 'roles', 'password', 'school_id'] as const;

export interface CreateUserDialogProps {
  may: UserPermissions;
  onClose(): void;
}

export function CreateUserDialog({ may, onClose }: CreateUserDialogProps) {
  const create = useCreateUser();
  const schools = useSchools(may.multiSchool);
  const minLength = usePasswordMinLength();
  const schema = useMemo(() => createUserFormSchema.superRefine(passwordMinCheck('password', minLength)), [minLength]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      firstname: '',
      lastname: '',
      email: '',
      phone: '',
      roles: [],
      password: '',
      confirmPassword: '',
      school_id: may.me?.school?._id,
    },
  });

  const onSubmit = handleSubmit(({ confirmPassword: _confirm, ...input }) =>
    create.mutate(input, {
      onSuccess: onClose,
      onError: (error) => applyFieldErrors(error, setError, FIELDS),
    }),
  );

  return (
    <FormDialog
      title="Create New User"
      submitLabel="Create User"
      busyLabel="Creating..."
      pending={create.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
      size="lg"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name" required error={errors.firstname?.message}>
          <Input autoComplete="off" {...register('firstname')} />
        </FormField>
        <FormField label="Last name" required error={errors.lastname?.message}>
          <Input autoComplete="off" {...register('lastname')} />
        </FormField>
        <FormField label="Email" required error={errors.email?.message}>
          <Input type="email" autoComplete="off" {...register('email')} />
        </FormField>
        <FormField label="Phone" error={errors.phone?.message}>
          <Input type="tel" autoComplete="off" placeholder="08031234567" {...register('phone')} />
        </FormField>
      </div>
      {may.multiSchool && (
        <FormField
          label="School"
          error={errors.school_id?.message}
          hint={schools.isError ? 'The schools could not be loaded.' : undefined}
        >
          <Select
            disabled={schools.isPending}
            {...register('school_id', { setValueAs: (value: string) => value || undefined })}
          >
            {/* Only the super-admin has no school to fall back on; the server allows none only for an Admin. */}
            {!may.me?.school && <option value="">No school (group-wide Admin)</option>}
            {schools.data?.map((school) => (
              <option key={school._id} value={school._id}>
                {school.name}
              </option>
            ))}
          </Select>
        </FormField>
      )}
      <Controller
        control={control}
        name="roles"
        render={({ field }) => (
          <RoleCheckboxes
            value={field.value}
            onChange={field.onChange}
            options={may.grantableRoles}
            error={errors.roles?.message}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Password" required error={errors.password?.message} hint={`At least ${minLength} characters`}>
          <PasswordInput autoComplete="new-password" {...register('password')} />
        </FormField>
        <FormField label="Confirm password" required error={errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
        </FormField>
      </div>
    </FormDialog>
  );
}
