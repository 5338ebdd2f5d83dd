import { entityMessages, type SessionInput, sessionSchema } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { useToastMutation } from '@/lib/hooks/use-toast-mutation';
import { academicKeys } from './keys';

export async function createSession(input: SessionInput) {
  return sessionSchema.parse(await api.post('/session/create', input, { silent: true }));
}

const MESSAGES = entityMessages('Session');

export function useCreateSession() {
  return useToastMutation({
    mutationFn: createSession,
    success: MESSAGES.created,
    failure: MESSAGES.createFailed,
    invalidate: [academicKeys.sessions()],
  });
}
