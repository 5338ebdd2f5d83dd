import type { resetPasswordRequestSchema } from '@schoolledger/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type ResetPasswordInput = z.input<typeof resetPasswordRequestSchema>;

/** Silent: the page shows the outcome inline. */
export function resetPassword(input: ResetPasswordInput): Promise<unknown> {
  return api.post('/auth/reset-password', input, { silent: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
