import { zodResolver } from '@hookform/resolvers/zod';
import type { CommitmentInput } from '@schoolledger/domain';
import { useForm } from 'react-hook-form';
import { FormDialog, FormField, Input, Select } from '@/components/ui';
import { applyFieldErrors } from '@/lib/form';
import { useAddCommitment } from '../api/add-commitment';
import { type CommitmentFormValues, commitmentFormSchema } from '../lib/commitment-form';
import { ordinal } from '../lib/forecast-view';

const FIELDS = ['label', 'amount', 'day_of_month', 'starts_on', 'ends_on'] as const;
const DAYS = Array.from({ length: 31 }, (_, index) => index + 1);

/** A payment the school makes every month on the same day: salaries, rent, a loan's repayment. */
export function CommitmentDialog({
  schoolId,
  firstMonth,
  onClose,
}: {
  schoolId: string;
  /** The month the dialog suggests as the first: the current one. */
  firstMonth: string;
  onClose(): void;
}) {
  const add = useAddCommitment();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CommitmentFormValues, unknown, CommitmentInput>({
    resolver: zodResolver(commitmentFormSchema),
    defaultValues: {
      school_id: schoolId,
      label: '',
      amount: '',
      day_of_month: undefined,
      starts_on: firstMonth,
      ends_on: '',
    },
  });

  const onSubmit = handleSubmit((input) =>
    add.mutate(input, {
      onSuccess: onClose,
      onError: (error) => applyFieldErrors(error, setError, FIELDS),
    }),
  );

  return (
    <FormDialog
      title="Add a monthly commitment"
      description="The cash flow counts it on its day every month, from the first month to the last."
      submitLabel="Add commitment"
      busyLabel="Adding..."
      pending={add.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <FormField label="What it is for" required error={errors.label?.message} hint="For example Staff salaries">
        <Input autoComplete="off" maxLength={120} {...register('label')} />
      </FormField>
      <FormField label="Amount (₦)" required error={errors.amount?.message}>
        <Input type="number" inputMode="decimal" min={0} step={0.01} {...register('amount')} />
      </FormField>
      <FormField
        label="Day of the month"
        required
        error={errors.day_of_month?.message}
        hint="In a shorter month it is paid on the last day."
      >
        <Select {...register('day_of_month', { setValueAs: (value) => (value === '' ? undefined : Number(value)) })}>
          <option value="">Choose a day</option>
          {DAYS.map((day) => (
            <option key={day} value={day}>
              {ordinal(day)}
            </option>
          ))}
        </Select>
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First month" required error={errors.starts_on?.message}>
          <Input type="month" placeholder="YYYY-MM" {...register('starts_on')} />
        </FormField>
        <FormField label="Last month" error={errors.ends_on?.message} hint="Leave empty if it goes on.">
          <Input type="month" placeholder="YYYY-MM" {...register('ends_on')} />
        </FormField>
      </div>
    </FormDialog>
  );
}
