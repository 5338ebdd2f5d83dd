import { entityMessages } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { academicKeys } from './keys';
import { useAcademicMutation } from './mutation';

export async function deleteGroupSchool(id: string) {
  await api.delete(`/groupschool/${id}/delete`, { silent: true });
}

const MESSAGES = entityMessages('Group school');

export function useDeleteGroupSchool() {
  return useAcademicMutation({
    mutationFn: deleteGroupSchool,
    success: MESSAGES.deleted,
    failure: MESSAGES.deleteFailed,
    invalidate: [academicKeys.groupSchools()],
  });
}
