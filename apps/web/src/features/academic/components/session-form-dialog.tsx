import { zodResolver } from '@hookform/resolvers/zod';
import { type AcademicSession, sessionInputSchema } from '@schoolledger/domain';
import { useForm } from 'react-hook-form';
import { Checkbox, FormDialog, FormField, Input } from '@/components/ui';
import { applyFieldErrors } from '@/lib/form';
import { useCreateSession } from '../api/create-session';
import { useUpdateSession } from '../api/update-session';

const FIELDS = ['school_id', 'name', 'startDate', 'endDate', 'isActive'] as const;

export interface SessionFormDialogProps {
  school: { _id: string; name: string };
  session?: AcademicSession | undefined;
  onClose(): void;
}

export function SessionFormDialog({ school, session, onClose }: SessionFormDialogProps) {
  const create = useCreateSession();
  const update = useUpdateSession();
  const pending = create.isPending || update.isPending;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(sessionInputSchema),
    defaultValues: {
      school_id: session?.school ?? school._id,
      name: session?.name ?? '',
      startDate: session?.startDate ?? '',
      endDate: session?.endDate ?? '',
      isActive: session?.isActive ?? true,
    },
  });

  const onSubmit = handleSubmit((input) => {
    const callbacks = { onSuccess: onClose, onError: (error: Error) => applyFieldErrors(error, setError, FIELDS) };
    if (session) update.mutate({ id: session._id, input }, callbacks);
    else create.mutate(input, callbacks);
  });

  return (
    <FormDialog
      title={session ? 'Edit Session' : 'New Session'}
      description={`For ${school.name}`}
      submitLabel={session ? 'Save Changes' : 'Create Session'}
      busyLabel={session ? 'Saving...' : 'Creating...'}
      pending={pending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {errors.school_id && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {errors.school_id.message}
        </p>
      )}
      <FormField label="Session name" required error={errors.name?.message} hint="For example 2025/2026">
        <Input autoComplete="off" {...register('name')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Start date" required error={errors.startDate?.message}>
          <Input type="date" {...register('startDate')} />
        </FormField>
        <FormField label="End date" required error={errors.endDate?.message}>
          <Input type="date" {...register('endDate')} />
        </FormField>
      </div>
      <Checkbox label="Active session" {...register('isActive')} />
    </FormDialog>
  );
}
