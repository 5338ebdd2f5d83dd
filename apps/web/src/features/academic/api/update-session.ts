import { entityMessages, type SessionInput, sessionSchema } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { academicKeys } from './keys';
import { useAcademicMutation } from './mutation';

export async function updateSession({ id, input }: { id: string; input: SessionInput }) {
  return sessionSchema.parse(await api.put(`/session/${id}/update`, input, { silent: true }));
}

const MESSAGES = entityMessages('Session');

export function useUpdateSession() {
  return useAcademicMutation({
    mutationFn: updateSession,
    success: MESSAGES.updated,
    failure: MESSAGES.updateFailed,
    // Terms carry their session's name.
    invalidate: [academicKeys.sessions(), academicKeys.terms()],
  });
}
