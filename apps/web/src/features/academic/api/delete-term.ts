import { entityMessages } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { academicKeys } from './keys';
import { useAcademicMutation } from './mutation';

export async function deleteTerm(id: string) {
  await api.delete(`/term/${id}/delete`, { silent: true });
}

const MESSAGES = entityMessages('Term');

export function useDeleteTerm() {
  return useAcademicMutation({
    mutationFn: deleteTerm,
    success: MESSAGES.deleted,
    failure: MESSAGES.deleteFailed,
    invalidate: [academicKeys.terms()],
  });
}
