import { entityMessages } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { useToastMutation } from '@/lib/hooks/use-toast-mutation';
import { academicKeys } from './keys';

export async function deleteTerm(id: string) {
  await api.delete(`/term/${id}/delete`, { silent: true });
}

const MESSAGES = entityMessages('Term');

export function useDeleteTerm() {
  return useToastMutation({
    mutationFn: deleteTerm,
    success: MESSAGES.deleted,
    failure: MESSAGES.deleteFailed,
    invalidate: [academicKeys.terms()],
  });
}
