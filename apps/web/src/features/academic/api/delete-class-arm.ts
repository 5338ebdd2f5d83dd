import { entityMessages } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { useToastMutation } from '@/lib/hooks/use-toast-mutation';
import { academicKeys } from './keys';

export async function deleteClassArm(id: string) {
  await api.delete(`/classarm/${id}/delete`, { silent: true });
}

const MESSAGES = entityMessages('Class arm');

export function useDeleteClassArm() {
  return useToastMutation({
    mutationFn: deleteClassArm,
    success: MESSAGES.deleted,
    failure: MESSAGES.deleteFailed,
    invalidate: [academicKeys.classArms()],
  });
}
