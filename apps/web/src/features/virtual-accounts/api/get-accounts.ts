import { virtualAccountListSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ActiveFilter } from '../lib/texts';
import { virtualAccountKeys } from './keys';

export interface AccountListQuery {
  schoolId: string;
  active: ActiveFilter;
  search: string;
  page: number;
  limit: number;
}

/** GET /virtual-accounts: the school's accounts, newest first, with each holder and payment code. */
export async function getAccounts({ schoolId, active, search, page, limit }: AccountListQuery, signal?: AbortSignal) {
  const query: Record<string, string> = { school_id: schoolId, page: String(page), limit: String(limit) };
  if (active !== 'all') query.active = String(active === 'active');
  if (search) query.search = search;
  const data = await api.get('/virtual-accounts', { query, signal, silent: true });
  return virtualAccountListSchema.parse(data);
}

export function useAccounts(query: AccountListQuery) {
  return useQuery({
    queryKey: virtualAccountKeys.accounts(query),
    queryFn: ({ signal }) => getAccounts(query, signal),
    enabled: query.schoolId !== '',
    placeholderData: keepPreviousData,
  });
}
