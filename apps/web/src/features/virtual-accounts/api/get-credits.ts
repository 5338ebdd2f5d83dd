import { type VirtualAccountCreditStatus, virtualAccountCreditListSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { virtualAccountKeys } from './keys';

export interface CreditListQuery {
  schoolId: string;
  status: VirtualAccountCreditStatus | 'all';
  page: number;
  limit: number;
}

/** GET /virtual-accounts/credits: money that arrived in the school's accounts, with its payments and receipts. */
export async function getCredits({ schoolId, status, page, limit }: CreditListQuery, signal?: AbortSignal) {
  const query: Record<string, string> = { school_id: schoolId, page: String(page), limit: String(limit) };
  if (status !== 'all') query.status = status;
  const data = await api.get('/virtual-accounts/credits', { query, signal, silent: true });
  return virtualAccountCreditListSchema.parse(data);
}

export function useCredits(query: CreditListQuery) {
  return useQuery({
    queryKey: virtualAccountKeys.credits(query),
    queryFn: ({ signal }) => getCredits(query, signal),
    enabled: query.schoolId !== '',
    placeholderData: keepPreviousData,
  });
}
