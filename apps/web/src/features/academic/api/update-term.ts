import { entityMessages, type TermInput, termSchema } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { useToastMutation } from '@/lib/hooks/use-toast-mutation';
import { academicKeys } from './keys';

export async function updateTerm({ id, input }: { id: string; input: TermInput }) {
  return termSchema.parse(await api.put(`/term/${id}/update`, input, { silent: true }));
}

const MESSAGES = entityMessages('Term');

export function useUpdateTerm() {
  return useToastMutation({
    mutationFn: updateTerm,
    success: MESSAGES.updated,
    failure: MESSAGES.updateFailed,
    invalidate: [academicKeys.terms()],
  });
}
