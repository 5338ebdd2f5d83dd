import { zodResolver } from '@hookform/resolvers/zod';
import { ROLE_BADGES, type SessionUser, updateProfileRequestSchema } from '@schoolledger/domain';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge, Button, Card, CardBody, CardHeader, FormField, Input, Textarea } from '@/components/ui';
import { applyFieldErrors } from '@/lib/form';
import { useUpdateProfile } from '../api/update-profile';

const FIELDS = ['firstname', 'middlename', 'lastname', 'email', 'phone', 'address'] as const;

function valuesOf(user: SessionUser) {
  return {
    firstname: user.firstname,
    middlename: user.middlename ?? '',
    lastname: user.lastname,
    email: user.email,
    phone: user.phone ?? '',
    address: user.address ?? '',
  };
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-sm break-words text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

const notSet = <span className="text-muted">Not set</span>;

function EditForm({ user, onDone }: { user: SessionUser; onDone(): void }) {
  const mutation = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(updateProfileRequestSchema), defaultValues: valuesOf(user) });

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: onDone,
      onError: (error) => applyFieldErrors(error, setError, FIELDS),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-3">
        <FormField label="First name" required error={errors.firstname?.message}>
          <Input autoComplete="given-name" {...register('firstname')} />
        </FormField>
        <FormField label="Middle name" error={errors.middlename?.message}>
          <Input autoComplete="additional-name" {...register('middlename')} />
        </FormField>
        <FormField label="Last name" required error={errors.lastname?.message}>
          <Input autoComplete="family-name" {...register('lastname')} />
        </FormField>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Email" required error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...register('email')} />
        </FormField>
        <FormField label="Phone" error={errors.phone?.message}>
          <Input type="tel" autoComplete="tel" {...register('phone')} />
        </FormField>
      </div>
      <FormField label="Address" error={errors.address?.message}>
        <Textarea autoComplete="street-address" {...register('address')} />
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          {mutation.isPending ? 'Saving...' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}

export function PersonalInfoCard({ user }: { user: SessionUser }) {
  const [editing, setEditing] = useState(false);
  return (
    <Card>
      <CardHeader
        title="Personal Information"
        description="Your name and contact details."
        actions={
          !editing && (
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              <Pencil className="size-4" aria-hidden="true" />
              Edit
            </Button>
          )
        }
      />
      <CardBody>
        {editing ? (
          <EditForm user={user} onDone={() => setEditing(false)} />
        ) : (
          <dl className="grid gap-5 sm:grid-cols-2">
            <Detail label="First name">{user.firstname}</Detail>
            <Detail label="Middle name">{user.middlename || notSet}</Detail>
            <Detail label="Last name">{user.lastname}</Detail>
            <Detail label="Email">{user.email}</Detail>
            <Detail label="Phone">{user.phone || notSet}</Detail>
            <Detail label="School">{user.school?.name ?? notSet}</Detail>
            <Detail label="Address">{user.address || notSet}</Detail>
            <Detail label="Roles">
              <span className="flex flex-wrap gap-1.5">
                {user.roles.map((role) => (
                  <Badge key={role} variant="green">
                    {ROLE_BADGES[role]}
                  </Badge>
                ))}
              </span>
            </Detail>
          </dl>
        )}
      </CardBody>
    </Card>
  );
}
