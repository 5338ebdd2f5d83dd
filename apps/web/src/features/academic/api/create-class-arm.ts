import { type ClassArmInput, classArmSchema, entityMessages } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { academicKeys } from './keys';
import { useAcademicMutation } from './mutation';

export async function createClassArm(input: ClassArmInput) {
  return classArmSchema.parse(await api.post('/classarm/create', input, { silent: true }));
}

const MESSAGES = entityMessages('Class arm');

export function useCreateClassArm() {
  return useAcademicMutation({
    mutationFn: createClassArm,
    success: MESSAGES.created,
    failure: MESSAGES.createFailed,
    invalidate: [academicKeys.classArms()],
  });
}
