import { zodResolver } from '@hookform/resolvers/zod';
import { type ClassArm, classArmInputSchema } from '@schoolledger/domain';
import { useForm } from 'react-hook-form';
import { FormDialog, FormField, Input } from '@/components/ui';
import { applyFieldErrors } from '@/lib/form';
import { useCreateClassArm } from '../api/create-class-arm';
import { useUpdateClassArm } from '../api/update-class-arm';

const FIELDS = ['school_id', 'name', 'capacity'] as const;

export interface ClassArmFormDialogProps {
  school: { _id: string; name: string };
  classArm?: ClassArm | undefined;
  onClose(): void;
}

export function ClassArmFormDialog({ school, classArm, onClose }: ClassArmFormDialogProps) {
  const create = useCreateClassArm();
  const update = useUpdateClassArm();
  const pending = create.isPending || update.isPending;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(classArmInputSchema),
    defaultValues: {
      school_id: classArm?.school ?? school._id,
      name: classArm?.name ?? '',
      capacity: classArm?.capacity ?? 40,
    },
  });

  const onSubmit = handleSubmit((input) => {
    const callbacks = { onSuccess: onClose, onError: (error: Error) => applyFieldErrors(error, setError, FIELDS) };
    if (classArm) update.mutate({ id: classArm._id, input }, callbacks);
    else create.mutate(input, callbacks);
  });

  return (
    <FormDialog
      title={classArm ? 'Edit Class Arm' : 'New Class Arm'}
      description={`For ${school.name}`}
      submitLabel={classArm ? 'Save Changes' : 'Create Class Arm'}
      busyLabel={classArm ? 'Saving...' : 'Creating...'}
      pending={pending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {errors.school_id && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {errors.school_id.message}
        </p>
      )}
      <FormField label="Class arm name" required error={errors.name?.message} hint="For example JSS 1A">
        <Input autoComplete="off" {...register('name')} />
      </FormField>
      <FormField label="Capacity" error={errors.capacity?.message} hint="Most students the class arm can hold">
        <Input type="number" inputMode="numeric" min={1} max={1000} step={1} {...register('capacity')} />
      </FormField>
    </FormDialog>
  );
}
