import { entityMessages, type TermInput, termSchema } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { academicKeys } from './keys';
import { useAcademicMutation } from './mutation';

export async function createTerm(input: TermInput) {
  return termSchema.parse(await api.post('/term/create', input, { silent: true }));
}

const MESSAGES = entityMessages('Term');

export function useCreateTerm() {
  return useAcademicMutation({
    mutationFn: createTerm,
    success: MESSAGES.created,
    failure: MESSAGES.createFailed,
    invalidate: [academicKeys.terms()],
  });
}
