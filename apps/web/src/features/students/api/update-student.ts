import { entityMessages, type StudentInput, studentSchema } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { useStudentMutation } from './mutation';

export async function updateStudent({ id, input }: { id: string; input: StudentInput }) {
  return studentSchema.parse(await api.put(`/students/${id}`, input, { silent: true }));
}

const MESSAGES = entityMessages('Student');

export function useUpdateStudent() {
  return useStudentMutation({ mutationFn: updateStudent, success: MESSAGES.updated, failure: MESSAGES.updateFailed });
}
