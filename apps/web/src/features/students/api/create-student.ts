import { entityMessages, type StudentInput, studentSchema } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { useStudentMutation } from './mutation';

export async function createStudent(input: StudentInput) {
  return studentSchema.parse(await api.post('/students', input, { silent: true }));
}

const MESSAGES = entityMessages('Student');

export function useCreateStudent() {
  return useStudentMutation({ mutationFn: createStudent, success: MESSAGES.created, failure: MESSAGES.createFailed });
}
