import { displayName, type Student } from '@schoolledger/domain';
import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge, Button, Sheet } from '@/components/ui';
import { formatDate } from '@/lib/dates';
import { useStudent } from '../api/get-student';
import { STATUS_BADGES, STATUS_LABELS, TYPE_LABELS } from '../lib/filters';
import { AcademicRecordForm } from './academic-record-form';
import { ParentLinks } from './parent-links';
import { PromoteForm } from './promote-form';
import { StudentAvatar } from './student-avatar';
import { StudentImageUpload } from './student-image-upload';

export interface StudentDetailSheetProps {
  student: Student;
  canManage: boolean;
  canPromote: boolean;
  onEdit(student: Student): void;
  onClose(): void;
}

const formatOptionalDate = (value: string | null) => (value ? formatDate(value) : null);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 border-t border-slate-200 px-4 py-4 dark:border-slate-800">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{title}</h3>
      {children}
    </section>
  );
}

function Details({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
          <dd className="min-w-0 break-words text-slate-900 dark:text-slate-100">{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The student's record with the actions that change one student at a time. */
export function StudentDetailSheet({
  student: initial,
  canManage,
  canPromote,
  onEdit,
  onClose,
}: StudentDetailSheetProps) {
  const query = useStudent(initial._id, initial);
  const student = query.data ?? initial;
  const guardian = student.guardian;
  const emergency = student.emergencyContact;
  const address = student.address;
  return (
    <Sheet open onOpenChange={(open) => !open && onClose()} title={displayName(student)} className="sm:max-w-lg">
      <div className="flex-1 overflow-y-auto">
        <div className="flex items-start gap-4 px-4 py-4">
          <StudentAvatar student={student} size="lg" />
          <div className="min-w-0 flex-1 space-y-1.5">
            <p className="text-sm text-slate-500 dark:text-slate-400">{student.regNo}</p>
            <div className="flex flex-wrap gap-1.5">
              <Badge variant={STATUS_BADGES[student.academicStatus]}>{STATUS_LABELS[student.academicStatus]}</Badge>
              <Badge>{TYPE_LABELS[student.type]}</Badge>
            </div>
            <div className="flex flex-wrap gap-2 pt-1">
              {canManage && <StudentImageUpload student={student} />}
              {canManage && (
                <Button variant="secondary" size="sm" onClick={() => onEdit(student)}>
                  <Pencil className="size-4" aria-hidden="true" />
                  Edit details
                </Button>
              )}
            </div>
          </div>
        </div>

        <Section title="Student">
          <Details
            rows={[
              ['School', student.school.name],
              ['Class', student.classArm?.name ?? 'Not assigned'],
              ['Email', student.email],
              ['Phone', student.phone],
              ['Date of birth', formatOptionalDate(student.DOB)],
              ['Gender', student.gender],
              ['Graduation year', student.expectedGraduationYear],
              ['Previous school', student.previousSchool],
              ['GPA', student.currentGPA === null ? 'Not recorded yet' : `${student.currentGPA.toFixed(2)} / 4.0`],
              ['Enrolled', formatOptionalDate(student.enrolledAt)],
              [
                'Address',
                address && [address.street, address.city, address.state, address.country].filter(Boolean).join(', '),
              ],
            ]}
          />
        </Section>

        <Section title="Guardian and emergency contact">
          <Details
            rows={[
              ['Guardian', guardian && `${guardian.name} (${guardian.relationship})`],
              ['Guardian phone', guardian?.phone],
              ['Emergency', emergency && `${emergency.name} (${emergency.relationship})`],
              ['Emergency phone', emergency?.phone],
            ]}
          />
        </Section>

        {canManage && (
          <Section title="Academic status">
            <AcademicRecordForm student={student} />
          </Section>
        )}

        {canPromote && (
          <Section title="Promote this student">
            <PromoteForm student={student} />
          </Section>
        )}

        <Section title="Parents">
          <ParentLinks student={student} canManage={canManage} />
        </Section>
      </div>
    </Sheet>
  );
}
