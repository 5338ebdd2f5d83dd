import { entityMessages } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { academicKeys } from './keys';
import { useAcademicMutation } from './mutation';

export async function deleteSession(id: string) {
  await api.delete(`/session/${id}/delete`, { silent: true });
}

const MESSAGES = entityMessages('Session');

export function useDeleteSession() {
  return useAcademicMutation({
    mutationFn: deleteSession,
    success: MESSAGES.deleted,
    failure: MESSAGES.deleteFailed,
    invalidate: [academicKeys.sessions()],
  });
}
