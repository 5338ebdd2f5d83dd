import { emailStatsSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emailKeys } from './keys';

export interface EmailStatsQuery {
  from?: string;
  to?: string;
}

export async function getEmailStats(query: EmailStatsQuery, signal?: AbortSignal) {
  return emailStatsSchema.parse(await api.get('/email/stats', { query: { ...query }, signal, silent: true }));
}

export function useEmailStats(query: EmailStatsQuery, enabled: boolean) {
  return useQuery({
    queryKey: emailKeys.stats(query),
    queryFn: ({ signal }) => getEmailStats(query, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
