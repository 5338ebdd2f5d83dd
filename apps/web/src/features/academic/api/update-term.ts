import { entityMessages, type TermInput, termSchema } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { academicKeys } from './keys';
import { useAcademicMutation } from './mutation';

export async function updateTerm({ id, input }: { id: string; input: TermInput }) {
  return termSchema.parse(await api.put(`/term/${id}/update`, input, { silent: true }));
}

const MESSAGES = entityMessages('Term');

export function useUpdateTerm() {
  return useAcademicMutation({
    mutationFn: updateTerm,
    success: MESSAGES.updated,
    failure: MESSAGES.updateFailed,
    invalidate: [academicKeys.terms()],
  });
}
