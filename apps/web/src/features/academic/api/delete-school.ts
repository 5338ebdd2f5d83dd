import { entityMessages } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { useToastMutation } from '@/lib/hooks/use-toast-mutation';
import { academicKeys } from './keys';

export async function deleteSchool(id: string) {
  await api.delete(`/school/${id}/delete`, { silent: true });
}

const MESSAGES = entityMessages('School');

export function useDeleteSchool() {
  return useToastMutation({
    mutationFn: deleteSchool,
    success: MESSAGES.deleted,
    failure: MESSAGES.deleteFailed,
    invalidate: [academicKeys.schools(), academicKeys.groupSchools()],
  });
}
