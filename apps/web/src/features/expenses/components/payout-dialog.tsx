import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ExpenseDetail,
  formatKobo,
  koboToNaira,
  PAYOUT_METHOD_LABELS,
  PAYOUT_METHODS,
  type PayoutFormValues,
  type PayoutInput,
  payoutInputSchema,
  todayIn,
} from '@schoolledger/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { FormDialog, FormField, Input, Select, Textarea } from '@/components/ui';
import { applyFieldErrors } from '@/lib/form';
import { expenseKeys } from '../api/keys';
import { useRecordPayout } from '../api/record-payout';
import { NairaInput } from './naira-input';

const FIELDS = ['amount', 'method', 'reference', 'paid_on', 'note'] as const;

export interface PayoutDialogProps {
  expense: Pick<ExpenseDetail, '_id' | 'reference' | 'title' | 'remaining'>;
  onClose(): void;
}

/** Money paid out against an approved expense: all that remains by default, never more. */
export function PayoutDialog({ expense, onClose }: PayoutDialogProps) {
  const record = useRecordPayout();
  const queryClient = useQueryClient();
  const today = todayIn();
  const remaining = formatKobo(expense.remaining);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<PayoutFormValues, unknown, PayoutInput>({
    resolver: zodResolver(payoutInputSchema),
    defaultValues: {
      amount: String(koboToNaira(expense.remaining)),
      method: 'bank_transfer',
      reference: '',
      paid_on: today,
      note: '',
    },
  });
  const cash = watch('method') === 'cash';

  const onSubmit = handleSubmit((input) => {
    // The server says the same under its row lock; saying it here saves a round trip.
    if (input.amount > expense.remaining) {
      setError('amount', { message: `Only ${remaining} remains to be paid on this expense` });
      return;
    }
    record.mutate(
      { id: expense._id, input },
      {
        onSuccess: onClose,
        onError: (error) => {
          applyFieldErrors(error, setError, FIELDS);
          // Someone else may have paid meanwhile: show what really remains.
          void queryClient.invalidateQueries({ queryKey: expenseKeys.detail(expense._id) });
        },
      },
    );
  });

  return (
    <FormDialog
      title="Record payout"
      description={`${expense.reference} “${expense.title}”: ${remaining} remains to be paid.`}
      submitLabel="Record payout"
      busyLabel="Recording..."
      pending={record.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Amount (₦)" required error={errors.amount?.message}>
          <NairaInput {...register('amount')} />
        </FormField>
        <FormField label="Method" required error={errors.method?.message}>
          <Select {...register('method')}>
            {PAYOUT_METHODS.map((method) => (
              <option key={method} value={method}>
                {PAYOUT_METHOD_LABELS[method]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          label="Reference"
          required={!cash}
          error={errors.reference?.message}
          hint={cash ? 'Optional for cash' : 'The transfer, cheque or mobile money reference'}
        >
          <Input autoComplete="off" {...register('reference')} />
        </FormField>
        <FormField label="Payment date" required error={errors.paid_on?.message}>
          <Input type="date" max={today} {...register('paid_on')} />
        </FormField>
      </div>
      <FormField label="Note" error={errors.note?.message}>
        <Textarea rows={2} {...register('note')} />
      </FormField>
    </FormDialog>
  );
}
