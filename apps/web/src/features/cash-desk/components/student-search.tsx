import { displayName, type Student } from '@schoolledger/domain';
import { StudentSearchList } from '@/components/student-search-list';

export interface ChosenStudent {
  _id: string;
  name: string;
  regNo: string;
  classArm: string | null;
  school: string;
  schoolId: string;
}

export const chosenFrom = (student: Student): ChosenStudent => ({
  _id: student._id,
  name: displayName(student),
  regNo: student.regNo,
  classArm: student.classArm?.name ?? null,
  school: student.school.name,
  schoolId: student.school._id,
});

/** Step 1: find the student at the desk by name or registration number. */
export function StudentSearch({ onChoose }: { onChoose(student: ChosenStudent): void }) {
  return (
    <StudentSearchList
      placeholder="Name or registration number, e.g. CVC/2025/0142"
      hint="Type at least part of a name or registration number to find the student."
      onChoose={(student) => onChoose(chosenFrom(student))}
    />
  );
}
