import { type ClassArmInput, classArmSchema, entityMessages } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { useToastMutation } from '@/lib/hooks/use-toast-mutation';
import { academicKeys } from './keys';

export async function createClassArm(input: ClassArmInput) {
  return classArmSchema.parse(await api.post('/classarm/create', input, { silent: true }));
}

const MESSAGES = entityMessages('Class arm');

export function useCreateClassArm() {
  return useToastMutation({
    mutationFn: createClassArm,
    success: MESSAGES.created,
    failure: MESSAGES.createFailed,
    invalidate: [academicKeys.classArms()],
  });
}
