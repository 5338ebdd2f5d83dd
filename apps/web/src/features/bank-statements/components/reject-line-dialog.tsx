import { zodResolver } from '@hookform/resolvers/zod';
import { type BankStatementLine, formatKobo, rejectBankLineInputSchema } from '@schoolledger/domain';
import { useForm } from 'react-hook-form';
import { FormDialog, FormField, Textarea } from '@/components/ui';
import { formatDate } from '@/lib/dates';
import { useRejectLine } from '../api/reject-line';

/** "None of these": the line moves to Unmatched, with the bursar's reason (if any) as its note. */
export function RejectLineDialog({ line, onClose }: { line: BankStatementLine; onClose(): void }) {
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
      title="None of these"
      description={`None of the students suggested paid the ${formatKobo(line.amount)} of ${formatDate(line.booked_on)}? The line moves to Unmatched, where you can find the student yourself.`}
      submitLabel="Move to Unmatched"
      busyLabel="Moving..."
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
