import type { LedgerAccountMappingInput } from '@schoolledger/domain';
import { requestWithMessage } from '@/lib/api-client';
import { useBooksMutation } from './mutation';

export async function setAccountMapping({ id, mapping }: { id: string; mapping: LedgerAccountMappingInput }) {
  return requestWithMessage<unknown>(`/books/accounts/${encodeURIComponent(id)}/mappings`, {
    method: 'PUT',
    body: mapping,
    silent: true,
  });
}

/** The row being edited shows a refusal under its field, so no toast repeats it. */
export function useSetAccountMapping() {
  return useBooksMutation({
    mutationFn: setAccountMapping,
    success: 'Mapping saved',
    failure: 'Failed to save the mapping',
    quietFailure: true,
  });
}
