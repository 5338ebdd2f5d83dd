import { entityMessages, type TermInput, termSchema } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { useToastMutation } from '@/lib/hooks/use-toast-mutation';
import { academicKeys } from './keys';

export async function createTerm(input: TermInput) {
  return termSchema.parse(await api.post('/term/create', input, { silent: true }));
}

const MESSAGES = entityMessages('Term');

export function useCreateTerm() {
  return useToastMutation({
    mutationFn: createTerm,
    success: MESSAGES.created,
    failure: MESSAGES.createFailed,
    invalidate: [academicKeys.terms()],
  });
}
