import { entityMessages } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { academicKeys } from './keys';
import { useAcademicMutation } from './mutation';

export async function deleteSchool(id: string) {
  await api.delete(`/school/${id}/delete`, { silent: true });
}

const MESSAGES = entityMessages('School');

export function useDeleteSchool() {
  return useAcademicMutation({
    mutationFn: deleteSchool,
    success: MESSAGES.deleted,
    failure: MESSAGES.deleteFailed,
    invalidate: [academicKeys.schools(), academicKeys.groupSchools()],
  });
}
