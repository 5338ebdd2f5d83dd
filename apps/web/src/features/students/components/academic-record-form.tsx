import { ACADEMIC_STATUSES, type Student, updateAcademicRequestSchema } from '@schoolledger/domain';
import { type FormEvent, useState } from 'react';
import { Button, FormField, Input, Select } from '@/components/ui';
import { useUpdateAcademic } from '../api/update-academic';
import { STATUS_LABELS } from '../lib/filters';

/** Status, GPA and the reason for the change, which the server keeps in the audit trail. */
export function AcademicRecordForm({ student }: { student: Student }) {
  const [status, setStatus] = useState<string>(student.academicStatus);
  const [gpa, setGpa] = useState(student.currentGPA === null ? '' : String(student.currentGPA));
  const [reason, setReason] = useState('');
  const [gpaError, setGpaError] = useState<string>();
  const mutation = useUpdateAcademic();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = updateAcademicRequestSchema.safeParse({
      academicStatus: status,
      currentGPA: gpa.trim() === '' ? null : gpa,
      reason: reason.trim() || undefined,
    });
    if (!parsed.success) {
      setGpaError(parsed.error.issues.find((issue) => issue.path[0] === 'currentGPA')?.message);
      return;
    }
    setGpaError(undefined);
    mutation.mutate({ id: student._id, body: parsed.data }, { onSuccess: () => setReason('') });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Academic status">
          <Select value={status} onChange={(event) => setStatus(event.target.value)}>
            {ACADEMIC_STATUSES.map((option) => (
              <option key={option} value={option}>
                {STATUS_LABELS[option]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Current GPA" error={gpaError} hint="0 to 4.0; leave empty if not recorded.">
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            max={4}
            step={0.01}
            value={gpa}
            onChange={(event) => setGpa(event.target.value)}
          />
        </FormField>
      </div>
      <FormField label="Reason for the change">
        <Input value={reason} maxLength={300} onChange={(event) => setReason(event.target.value)} />
      </FormField>
      <Button type="submit" size="sm" loading={mutation.isPending}>
        {mutation.isPending ? 'Saving...' : 'Save academic status'}
      </Button>
    </form>
  );
}
