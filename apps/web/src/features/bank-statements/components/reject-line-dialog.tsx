import { zodResolver } from '@hookform/resolvers/zod';
import { type BankStatementLine, formatKobo, rejectBankLineInputSchema } from '@schoolledger/domain';
import { useForm } from 'react-hook-form';
import { FormDialog, FormField, Textarea } from '@/components/ui';
import { formatDate } from '@/lib/dates';
import { useRejectLine } from '../api/reject-line';

/**
 * "None of these": the line moves to Unmatched, with the bursar's reason (if any) as its note. For
 * a bank reversal, "Mark as handled" once its payments are refunded: it is set aside.
 */
export function RejectLineDialog({ line, onClose }: { line: BankStatementLine; onClose(): void }) {
  const reversal = line.direction === 'debit';
  const reject = useRejectLine();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(rejectBankLineInputSchema), defaultValues: { reason: '' } });
  const submit = handleSubmit(({ reason }) =>
    reject.mutate({ lineId: line._id, input: { reason: reason ?? null } }, { onSettled: onClose }),
  );

  return (
    <FormDialog
      title={reversal ? 'Mark as handled' : 'None of these'}
      description={
        reversal
          ? `The ${formatKobo(line.amount)} the bank took back on ${formatDate(line.booked_on)}: once the payments it credited are refunded, the line is set aside.`
          : `None of the students suggested paid the ${formatKobo(line.amount)} of ${formatDate(line.booked_on)}? The line moves to Unmatched, where you can find the student yourself.`
      }
      submitLabel={reversal ? 'Mark as handled' : 'Move to Unmatched'}
      busyLabel={reversal ? 'Saving...' : 'Moving...'}
      pending={reject.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormField label="Reason (optional)" error={errors.reason?.message} hint="Kept with the line as its note.">
        <Textarea rows={3} maxLength={300} {...register('reason')} />
      </FormField>
    </FormDialog>
  );
}
