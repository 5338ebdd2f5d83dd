import { zodResolver } from '@hookform/resolvers/zod';
import { type AcademicSession, type Term, termInputSchema } from '@schoolledger/domain';
import { useForm } from 'react-hook-form';
import { Checkbox, FormDialog, FormField, Input, Select } from '@/components/ui';
import { formatDateRange } from '@/lib/dates';
import { applyFieldErrors } from '@/lib/form';
import { useCreateTerm } from '../api/create-term';
import { useUpdateTerm } from '../api/update-term';

const FIELDS = ['session', 'name', 'startDate', 'endDate', 'isActive'] as const;

export interface TermFormDialogProps {
  sessions: readonly AcademicSession[];
  /** Preselected for a new term: usually the session selected on screen. */
  sessionId?: string | null | undefined;
  term?: Term | undefined;
  onClose(): void;
}

export function TermFormDialog({ sessions, sessionId, term, onClose }: TermFormDialogProps) {
  const create = useCreateTerm();
  const update = useUpdateTerm();
  const pending = create.isPending || update.isPending;
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(termInputSchema),
    defaultValues: {
      session: term?.session._id ?? sessionId ?? (sessions.length === 1 ? sessions[0]?._id : '') ?? '',
      name: term?.name ?? '',
      startDate: term?.startDate ?? '',
      endDate: term?.endDate ?? '',
      isActive: term?.isActive ?? true,
    },
  });
  const chosen = sessions.find((session) => session._id === watch('session'));

  const onSubmit = handleSubmit((input) => {
    const callbacks = { onSuccess: onClose, onError: (error: Error) => applyFieldErrors(error, setError, FIELDS) };
    if (term) update.mutate({ id: term._id, input }, callbacks);
    else create.mutate(input, callbacks);
  });

  return (
    <FormDialog
      title={term ? 'Edit Term' : 'New Term'}
      submitLabel={term ? 'Save Changes' : 'Create Term'}
      busyLabel={term ? 'Saving...' : 'Creating...'}
      pending={pending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <FormField
        label="Session"
        required
        error={errors.session?.message}
        hint={chosen ? `Term dates must fall within ${formatDateRange(chosen)}.` : undefined}
      >
        <Select {...register('session')}>
          <option value="">Select a session</option>
          {sessions.map((session) => (
            <option key={session._id} value={session._id}>
              {session.name}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Term name" required error={errors.name?.message} hint="For example First Term">
        <Input autoComplete="off" {...register('name')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Start date" required error={errors.startDate?.message}>
          <Input type="date" min={chosen?.startDate} max={chosen?.endDate} {...register('startDate')} />
        </FormField>
        <FormField label="End date" required error={errors.endDate?.message}>
          <Input type="date" min={chosen?.startDate} max={chosen?.endDate} {...register('endDate')} />
        </FormField>
      </div>
      <Checkbox label="Active term" {...register('isActive')} />
    </FormDialog>
  );
}
