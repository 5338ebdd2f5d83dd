import { studentSchema } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { useStudentMutation } from './mutation';

/** Moves one student to another class arm of their school. */
export async function promoteStudent({ id, toClassArmId }: { id: string; toClassArmId: string }) {
  return studentSchema.parse(
    await api.post(`/students/${id}/promote`, { toClassArm_id: toClassArmId }, { silent: true }),
  );
}

export function usePromoteStudent() {
  return useStudentMutation({
    mutationFn: promoteStudent,
    success: (student) => `Student promoted to ${student.classArm?.name ?? 'the new class'} successfully!`,
    failure: 'Failed to promote student',
  });
}
