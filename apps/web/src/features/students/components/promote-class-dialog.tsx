import { plural } from '@schoolledger/domain';
import { type FormEvent, useId, useState } from 'react';
import { Button, ErrorBanner, FormField, Modal, Select } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth';
import { useClassArms } from '@/lib/queries/class-arms';
import { useSchools } from '@/lib/queries/schools';
import { usePreviewPromotion, usePromoteClass } from '../api/promote-class';

const students = (count: number) => plural(count, 'student');

/** Moves the active students of one class arm to another of the same school, after a preview. */
export function PromoteClassDialog({ onClose }: { onClose(): void }) {
  const formId = useId();
  const userSchool = useAuthStore((state) => state.user?.school?._id ?? '');
  const schools = useSchools();
  const [schoolId, setSchoolId] = useState(userSchool);
  const [fromId, setFromId] = useState('');
  const [toId, setToId] = useState('');
  const preview = usePreviewPromotion();
  const promotion = usePromoteClass();
  const pending = preview.isPending || promotion.isPending;
  const chosenSchool = schoolId || (schools.data?.length === 1 ? (schools.data[0]?._id ?? '') : '');
  const classArms = useClassArms(chosenSchool || undefined);
  const result = preview.data;
  const failure = promotion.error ?? preview.error;

  // A preview belongs to the classes it was made for; any change of choice asks for a new one.
  function choose(change: () => void) {
    change();
    preview.reset();
    promotion.reset();
  }

  function submitPreview(event: FormEvent) {
    event.preventDefault();
    if (!fromId || !toId) return;
    preview.mutate({ fromClassArm_id: fromId, toClassArm_id: toId });
  }

  function confirm() {
    if (!result) return;
    promotion.mutate(
      { fromClassArm_id: fromId, toClassArm_id: toId, studentIds: result.students.map((student) => student._id) },
      { onSuccess: onClose },
    );
  }

  const fromName = classArms.data?.find((arm) => arm._id === fromId)?.name;
  const toName = classArms.data?.find((arm) => arm._id === toId)?.name;

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !pending && onClose()}
      title="Promote Class"
      description="Move the active students of one class to another class of the same school."
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          {result ? (
            <Button loading={promotion.isPending} onClick={confirm}>
              {promotion.isPending ? 'Promoting...' : `Promote ${students(result.promoted)}`}
            </Button>
          ) : (
            <Button type="submit" form={formId} loading={preview.isPending} disabled={!fromId || !toId}>
              {preview.isPending ? 'Checking...' : 'Preview'}
            </Button>
          )}
        </>
      }
    >
      <div className="space-y-4">
        <form id={formId} onSubmit={submitPreview} noValidate className="grid gap-4 sm:grid-cols-2">
          {(schools.data?.length ?? 0) > 1 && (
            <FormField label="School" className="sm:col-span-2" required>
              <Select
                value={chosenSchool}
                onChange={(event) =>
                  choose(() => {
                    setSchoolId(event.target.value);
                    setFromId('');
                    setToId('');
                  })
                }
              >
                <option value="">Select a school</option>
                {schools.data?.map((school) => (
                  <option key={school._id} value={school._id}>
                    {school.name}
                  </option>
                ))}
              </Select>
            </FormField>
          )}
          <FormField label="From class" required>
            <Select
              value={fromId}
              disabled={!chosenSchool || classArms.isPending}
              onChange={(event) => choose(() => setFromId(event.target.value))}
            >
              <option value="">Select a class</option>
              {classArms.data?.map((arm) => (
                <option key={arm._id} value={arm._id}>
                  {arm.name}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="To class" required>
            <Select
              value={toId}
              disabled={!chosenSchool || classArms.isPending}
              onChange={(event) => choose(() => setToId(event.target.value))}
            >
              <option value="">Select a class</option>
              {classArms.data
                ?.filter((arm) => arm._id !== fromId)
                .map((arm) => (
                  <option key={arm._id} value={arm._id}>
                    {arm.name} ({arm.currentStudentCount} / {arm.capacity})
                  </option>
                ))}
            </Select>
          </FormField>
        </form>

        {failure && <ErrorBanner>{errorMessage(failure, 'Failed to promote students')}</ErrorBanner>}

        {result && (
          <section aria-label="Students to promote" className="space-y-2">
            <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
              <span className="font-semibold text-emerald-700 dark:text-emerald-400">{students(result.promoted)}</span>{' '}
              will move from {fromName} to {toName}.
            </p>
            <ul className="max-h-72 divide-y divide-slate-200 overflow-auto rounded-lg border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800">
              {result.students.map((student) => (
                <li key={student._id} className="flex flex-wrap justify-between gap-x-4 px-3 py-2">
                  <span className="font-medium text-slate-900 dark:text-white">{student.name}</span>
                  <span className="text-slate-500 tabular-nums">{student.regNo}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </Modal>
  );
}
