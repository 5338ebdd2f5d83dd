import { ledgerAccountListSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { booksKeys } from './keys';

/** A school's chart of accounts, by code, with each account's name in every accounting package. */
export async function getAccounts(schoolId: string, signal?: AbortSignal) {
  return ledgerAccountListSchema.parse(
    await api.get('/books/accounts', { query: { school_id: schoolId }, signal, silent: true }),
  ).accounts;
}

/** Nothing is asked before a school is known. */
export function useAccounts(schoolId: string) {
  return useQuery({
    queryKey: booksKeys.accounts(schoolId),
    queryFn: ({ signal }) => getAccounts(schoolId, signal),
    enabled: schoolId !== '',
  });
}
