import { entityMessages, type SessionInput, sessionSchema } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { useToastMutation } from '@/lib/hooks/use-toast-mutation';
import { academicKeys } from './keys';

export async function updateSession({ id, input }: { id: string; input: SessionInput }) {
  return sessionSchema.parse(await api.put(`/session/${id}/update`, input, { silent: true }));
}

const MESSAGES = entityMessages('Session');

export function useUpdateSession() {
  return useToastMutation({
    mutationFn: updateSession,
    success: MESSAGES.updated,
    failure: MESSAGES.updateFailed,
    // Terms carry their session's name.
    invalidate: [academicKeys.sessions(), academicKeys.terms()],
  });
}
