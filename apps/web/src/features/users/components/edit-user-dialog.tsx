import { zodResolver } from '@hookform/resolvers/zod';
import { ERASED_NAME, erasureRefusal, type User, updateUserRequestSchema } from '@schoolledger/domain';
import { UserX } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { Button, FormDialog, FormField, Input, Select } from '@/components/ui';
import { applyFieldErrors } from '@/lib/form';
import { useUpdateUser } from '../api/update-user';
import type { UserPermissions } from '../lib/permissions';
import { RoleCheckboxes } from './role-checkboxes';

const FIELDS = ['firstname', 'middlename', 'lastname', 'email', 'phone', 'roles', 'status'] as const;

export interface EditUserDialogProps {
  user: User;
  may: UserPermissions;
  onClose(): void;
  /** Opens the erasure of a student or parent who has left. */
  onErase(user: User): void;
}

export function EditUserDialog({ user, may, onClose, onErase }: EditUserDialogProps) {
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
      <ErasureSection user={user} onErase={onErase} />
    </FormDialog>
  );
}

/**
 * A student or parent who has left (deactivated) can have their personal details erased; an
 * erased account says so. Nothing is shown for anyone else.
 */
function ErasureSection({ user, onErase }: { user: User; onErase(user: User): void }) {
  const refusal = erasureRefusal(user);
  if (refusal === 'erased') {
    return (
      <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-300">
        This person’s personal data was erased. Their payments and receipts are kept under “{ERASED_NAME}”.
      </p>
    );
  }
  if (refusal) return null;
  return (
    <div className="space-y-3 rounded-lg border border-red-200 p-4 dark:border-red-900/60">
      <div>
        <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Erase personal data</h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          This person has left. At their request you can remove their name, contacts and picture for good; their
          payments and receipts are kept, as the law requires.
        </p>
      </div>
      <Button type="button" variant="danger" onClick={() => onErase(user)}>
        <UserX className="size-4" aria-hidden="true" />
        Erase personal data
      </Button>
    </div>
  );
}
