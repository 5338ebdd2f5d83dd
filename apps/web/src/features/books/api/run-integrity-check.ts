import { type LedgerIntegrityQuery, ledgerIntegritySchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, requestWithMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { booksKeys } from './keys';

/** Checks the books of the school named (or of every school the caller reads) now; answers the result and the server's verdict. */
export async function runIntegrityCheck(query: LedgerIntegrityQuery) {
  const { data, message } = await requestWithMessage<unknown>('/books/integrity/run', {
    method: 'POST',
    query: { ...query },
    silent: true,
  });
  return { result: ledgerIntegritySchema.parse(data), message };
}

/**
 * A check that finds disagreements has still run: its verdict is the toast, in red when the books
 * disagree. Every last check shown is read again (a school's check is part of its group's), and
 * the button stays busy until the card shows this one.
 */
export function useRunIntegrityCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runIntegrityCheck,
    onSuccess: ({ result, message }) => {
      if (result.agrees) notify.success(message || 'The books agree with the records');
      else notify.error(message || 'The books disagree with the records');
      return queryClient.invalidateQueries({ queryKey: booksKeys.integrityAll() });
    },
    onError: (error) => notify.error(errorMessage(error, 'The books could not be checked')),
  });
}
