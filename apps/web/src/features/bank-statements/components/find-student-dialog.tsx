import { type BankStatementLine, formatKobo, type Student } from '@schoolledger/domain';
import { StudentSearchList } from '@/components/student-search-list';
import { Button, Modal } from '@/components/ui';
import { formatDate } from '@/lib/dates';

interface FindStudentDialogProps {
  line: BankStatementLine;
  schoolId: string;
  onChoose(student: Student): void;
  onClose(): void;
}

/** The bursar names the student a line is for, among the statement's school's students. */
export function FindStudentDialog({ line, schoolId, onChoose, onClose }: FindStudentDialogProps) {
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Find the student"
      description={`Whose is the ${formatKobo(line.amount)} of ${formatDate(line.booked_on)}?`}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      }
    >
      <div className="space-y-4">
        <p className="rounded-md bg-slate-50 px-3 py-2 font-mono text-xs leading-5 wrap-anywhere whitespace-pre-wrap text-slate-800 dark:bg-slate-800/60 dark:text-slate-200">
          {line.narration}
        </p>
        <StudentSearchList
          schoolId={schoolId}
          placeholder="Name or registration number"
          hint="Type part of a name or registration number, as the narration spells it."
          onChoose={onChoose}
        />
      </div>
    </Modal>
  );
}
