import type { LedgerAccountCreate } from '@schoolledger/domain';
import { requestWithMessage } from '@/lib/api-client';
import { useBooksMutation } from './mutation';

export async function createAccount(input: LedgerAccountCreate) {
  return requestWithMessage<unknown>('/books/accounts', { method: 'POST', body: input, silent: true });
}

/** The dialog shows a refusal beside its field (a code already taken), so no toast repeats it. */
export function useCreateAccount() {
  return useBooksMutation({
    mutationFn: createAccount,
    success: 'Account added',
    failure: 'Failed to add the account',
    quietFailure: true,
  });
}
