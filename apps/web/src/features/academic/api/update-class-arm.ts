import { type ClassArmInput, classArmSchema, entityMessages } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { useToastMutation } from '@/lib/hooks/use-toast-mutation';
import { academicKeys } from './keys';

export async function updateClassArm({ id, input }: { id: string; input: ClassArmInput }) {
  return classArmSchema.parse(await api.put(`/classarm/${id}/update`, input, { silent: true }));
}

const MESSAGES = entityMessages('Class arm');

export function useUpdateClassArm() {
  return useToastMutation({
    mutationFn: updateClassArm,
    success: MESSAGES.updated,
    failure: MESSAGES.updateFailed,
    invalidate: [academicKeys.classArms()],
  });
}
