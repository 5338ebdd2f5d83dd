import { type BankLineStatus, bankStatementLinesSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bankStatementKeys } from './keys';

/** GET /bank-statements/lines: the school's lines in one status, and how many are in each. */
export async function getLines(schoolId: string, status: BankLineStatus, signal?: AbortSignal) {
  const data = await api.get('/bank-statements/lines', {
    query: { school_id: schoolId, status },
    signal,
    silent: true,
  });
  return bankStatementLinesSchema.parse(data);
}

/**
 * The previous tab's answer is kept while the next one loads, so the tabs' counts stay in place;
 * the list itself treats that answer as still loading (`isPlaceholderData`).
 */
export function useLines(schoolId: string, status: BankLineStatus) {
  return useQuery({
    queryKey: bankStatementKeys.lines(schoolId, status),
    queryFn: ({ signal }) => getLines(schoolId, status, signal),
    enabled: schoolId !== '',
    placeholderData: keepPreviousData,
  });
}
