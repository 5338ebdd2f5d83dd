import { entityMessages } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { academicKeys } from './keys';
import { useAcademicMutation } from './mutation';

export async function deleteClassArm(id: string) {
  await api.delete(`/classarm/${id}/delete`, { silent: true });
}

const MESSAGES = entityMessages('Class arm');

export function useDeleteClassArm() {
  return useAcademicMutation({
    mutationFn: deleteClassArm,
    success: MESSAGES.deleted,
    failure: MESSAGES.deleteFailed,
    invalidate: [academicKeys.classArms()],
  });
}
