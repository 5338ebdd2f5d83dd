import { formatKobo } from '@schoolledger/domain';
import { type FormEvent, useState } from 'react';
import { FormDialog, FormField, Select } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { useRemindStudent } from '../api/create-payment-reminder';
import { useOwedFees } from '../api/get-owed-fees';
import { type PickedStudent, StudentPicker } from './student-picker';

export interface NewReminderDialogProps {
  schoolId: string;
  /** The student chosen beforehand, such as a row of the outstanding report. */
  student?: PickedStudent | undefined;
  onClose(): void;
}

/** A reminder of one fee the student owes, sent at once to the student and their parents. */
export function NewReminderDialog({ schoolId, student: initial, onClose }: NewReminderDialogProps) {
  const [student, setStudent] = useState<PickedStudent | null>(initial ?? null);
  const [feeId, setFeeId] = useState('');
  const [errors, setErrors] = useState<{ student?: string; fee?: string }>({});
  const owed = useOwedFees(student?._id ?? '');
  const remind = useRemindStudent();
  const unpaid = owed.data?.fees.filter((row) => !row.isPaid) ?? [];

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = { student: student ? undefined : 'Choose a student', fee: feeId ? undefined : 'Choose a fee' };
    setErrors(found);
    if (!student || !feeId) return;
    remind.mutate({ feeId, studentId: student._id }, { onSuccess: onClose });
  }

  let feeHint = 'Choose a student first';
  if (student && owed.isPending) feeHint = 'Loading the fees this student owes...';
  else if (owed.isError) feeHint = errorMessage(owed.error, 'Failed to load the fees this student owes');
  else if (student && unpaid.length === 0) feeHint = 'This student owes nothing.';
  else if (student) feeHint = 'The student and each of their parents are reminded.';

  return (
    <FormDialog
      title="New payment reminder"
      description="Remind a student and their parents of a fee they still owe. It is sent at once."
      submitLabel="Send reminder"
      busyLabel="Sending..."
      pending={remind.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {initial ? (
        <p className="text-sm text-slate-700 dark:text-slate-200">
          Student: <span className="font-medium">{initial.name}</span>
          {initial.regNo && <span className="ml-2 text-slate-500">{initial.regNo}</span>}
        </p>
      ) : (
        <StudentPicker
          schoolId={schoolId}
          value={student ? [student] : []}
          // One student a reminder: a new pick replaces the previous one.
          onChange={(picked) => {
            setStudent(picked.at(-1) ?? null);
            setFeeId('');
            setErrors({});
          }}
          error={errors.student}
        />
      )}
      <FormField label="Fee" hint={feeHint} error={errors.fee}>
        <Select
          value={feeId}
          disabled={!student || unpaid.length === 0}
          onChange={(event) => {
            setFeeId(event.target.value);
            setErrors((shown) => ({ ...shown, fee: undefined }));
          }}
        >
          <option value="">Select a fee</option>
          {unpaid.map((row) => (
            <option key={row.fee._id} value={row.fee._id}>
              {row.fee.name}: {formatKobo(row.outstanding)} owed, due {formatDate(row.dueDate)}
            </option>
          ))}
        </Select>
      </FormField>
    </FormDialog>
  );
}
