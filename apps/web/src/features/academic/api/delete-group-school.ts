import { entityMessages } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { useToastMutation } from '@/lib/hooks/use-toast-mutation';
import { academicKeys } from './keys';

export async function deleteGroupSchool(id: string) {
  await api.delete(`/groupschool/${id}/delete`, { silent: true });
}

const MESSAGES = entityMessages('Group school');

export function useDeleteGroupSchool() {
  return useToastMutation({
    mutationFn: deleteGroupSchool,
    success: MESSAGES.deleted,
    failure: MESSAGES.deleteFailed,
    invalidate: [academicKeys.groupSchools()],
  });
}
