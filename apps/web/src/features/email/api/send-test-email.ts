import { emailTestResultSchema } from '@schoolledger/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { groupQuery } from './keys';

export interface SendTestEmailInput {
  group: string;
  testEmail: string;
}

/** Sends at once through the saved settings; a refusal by the SMTP server is a result, not an error. */
export async function sendTestEmail({ group, testEmail }: SendTestEmailInput) {
  return emailTestResultSchema.parse(
    await api.post('/email/test', { ...groupQuery(group), testEmail }, { silent: true }),
  );
}

export function useSendTestEmail() {
  return useMutation({ mutationFn: sendTestEmail });
}
