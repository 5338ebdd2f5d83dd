import type { Student } from '@schoolledger/domain';
import { type FormEvent, useState } from 'react';
import { Button, FormField, Select } from '@/components/ui';
import { useClassArms } from '@/lib/queries/class-arms';
import { usePromoteStudent } from '../api/promote-student';

/** Moves this one student to another class arm of the same school. */
export function PromoteForm({ student }: { student: Student }) {
  const classArms = useClassArms(student.school._id);
  const [target, setTarget] = useState('');
  const mutation = usePromoteStudent();
  const current = student.classArm;
  const options = classArms.data?.filter((arm) => arm._id !== current?._id) ?? [];

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!target) return;
    mutation.mutate({ id: student._id, toClassArmId: target }, { onSuccess: () => setTarget('') });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <FormField
        label="Promote to"
        className="flex-1"
        hint={current ? `Currently in ${current.name}.` : 'Not assigned to a class yet.'}
      >
        <Select value={target} onChange={(event) => setTarget(event.target.value)} disabled={classArms.isPending}>
          <option value="">Select a class</option>
          {options.map((arm) => (
            <option key={arm._id} value={arm._id}>
              {arm.name}
            </option>
          ))}
        </Select>
      </FormField>
      <Button type="submit" size="sm" className="sm:mb-6" disabled={!target} loading={mutation.isPending}>
        {mutation.isPending ? 'Promoting...' : 'Promote'}
      </Button>
    </form>
  );
}
