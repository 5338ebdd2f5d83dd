import { type LedgerIntegrityQuery, ledgerIntegritySchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { booksKeys } from './keys';

/** The last check of the books: of the school named, or of every school the caller reads. */
export async function getIntegrity(query: LedgerIntegrityQuery, signal?: AbortSignal) {
  return ledgerIntegritySchema.parse(await api.get('/books/integrity', { query: { ...query }, signal, silent: true }));
}

export function useIntegrity(query: LedgerIntegrityQuery) {
  return useQuery({ queryKey: booksKeys.integrity(query), queryFn: ({ signal }) => getIntegrity(query, signal) });
}
