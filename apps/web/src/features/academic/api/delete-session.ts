import { entityMessages } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { useToastMutation } from '@/lib/hooks/use-toast-mutation';
import { academicKeys } from './keys';

export async function deleteSession(id: string) {
  await api.delete(`/session/${id}/delete`, { silent: true });
}

const MESSAGES = entityMessages('Session');

export function useDeleteSession() {
  return useToastMutation({
    mutationFn: deleteSession,
    success: MESSAGES.deleted,
    failure: MESSAGES.deleteFailed,
    invalidate: [academicKeys.sessions()],
  });
}
