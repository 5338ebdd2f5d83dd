import { entityMessages } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { useStudentMutation } from './mutation';

export async function deleteStudent(id: string) {
  await api.delete(`/students/${id}`, { silent: true });
}

const MESSAGES = entityMessages('Student');
const students = (count: number) => `${count} ${count === 1 ? 'student' : 'students'}`;

export function useDeleteStudent() {
  return useStudentMutation({ mutationFn: deleteStudent, success: MESSAGES.deleted, failure: MESSAGES.deleteFailed });
}

export interface BulkDeleteResult {
  deleted: number;
  failed: number;
}

/** There is no bulk endpoint: each selected student is deleted on its own, and failures are counted. */
export async function deleteStudents(ids: readonly string[]): Promise<BulkDeleteResult> {
  const results = await Promise.allSettled(ids.map((id) => deleteStudent(id)));
  const rejected = results.filter((result) => result.status === 'rejected');
  const failed = rejected.length;
  // When none could be deleted, the first refusal explains why.
  if (failed === ids.length) throw rejected[0]?.reason;
  return { deleted: ids.length - failed, failed };
}

export function useDeleteStudents() {
  return useStudentMutation({
    mutationFn: deleteStudents,
    success: ({ deleted, failed }) =>
      failed > 0
        ? `Deleted ${students(deleted)}; failed to delete ${failed}`
        : `Successfully deleted ${students(deleted)}`,
    failure: 'Failed to delete students',
  });
}
