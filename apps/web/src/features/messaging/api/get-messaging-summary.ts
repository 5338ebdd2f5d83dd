import { messagingSummarySchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messagingKeys } from './keys';

/** GET /messages/summary: the school's messages of this Lagos month per channel, its spend and budgets. */
export async function getMessagingSummary(schoolId: string, signal?: AbortSignal) {
  const data = await api.get('/messages/summary', { query: { schoolId }, signal, silent: true });
  return messagingSummarySchema.parse(data);
}

export function useMessagingSummary(schoolId: string) {
  return useQuery({
    queryKey: messagingKeys.summary(schoolId),
    queryFn: ({ signal }) => getMessagingSummary(schoolId, signal),
    enabled: schoolId !== '',
  });
}
