import { entityMessages, type SessionInput, sessionSchema } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { academicKeys } from './keys';
import { useAcademicMutation } from './mutation';

export async function createSession(input: SessionInput) {
  return sessionSchema.parse(await api.post('/session/create', input, { silent: true }));
}

const MESSAGES = entityMessages('Session');

export function useCreateSession() {
  return useAcademicMutation({
    mutationFn: createSession,
    success: MESSAGES.created,
    failure: MESSAGES.createFailed,
    invalidate: [academicKeys.sessions()],
  });
}
