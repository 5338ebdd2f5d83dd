import { familyCreditSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { studentFeeKeys } from './keys';

/** The signed-in parent's family credit: balance and the newest `limit` entries. */
export async function getFamilyCredit(limit: number, signal?: AbortSignal) {
  const data = await api.get('/family-credit', { query: { limit: String(limit) }, signal, silent: true });
  return familyCreditSchema.parse(data);
}

export function useFamilyCredit(limit: number) {
  return useQuery({
    queryKey: [...studentFeeKeys.all, 'credit', limit] as const,
    queryFn: ({ signal }) => getFamilyCredit(limit, signal),
  });
}
