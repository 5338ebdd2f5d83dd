import type { LedgerAccountUpdate } from '@schoolledger/domain';
import { requestWithMessage } from '@/lib/api-client';
import { useBooksMutation } from './mutation';

export async function updateAccount({ id, change }: { id: string; change: LedgerAccountUpdate }) {
  return requestWithMessage<unknown>(`/books/accounts/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: change,
    silent: true,
  });
}

/** The dialog shows a refusal beside its field (a code already taken), so no toast repeats it. */
export function useUpdateAccount() {
  return useBooksMutation({
    mutationFn: updateAccount,
    success: 'Account renamed',
    failure: 'Failed to rename the account',
    quietFailure: true,
  });
}
