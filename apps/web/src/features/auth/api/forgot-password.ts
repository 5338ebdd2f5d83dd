import type { forgotPasswordRequestSchema } from '@schoolledger/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type ForgotPasswordInput = z.input<typeof forgotPasswordRequestSchema>;

/** Silent: the page shows the outcome inline. */
export function forgotPassword(input: ForgotPasswordInput): Promise<unknown> {
  return api.post('/auth/forgot-password', input, { silent: true });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
