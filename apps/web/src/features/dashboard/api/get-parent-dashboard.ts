import { parentDashboardSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /parent/dashboard: a card per linked child, the totals, the next fee due, recent payments. */
export async function getParentDashboard(signal?: AbortSignal) {
  return parentDashboardSchema.parse(await api.get('/parent/dashboard', { signal, silent: true }));
}

export function useParentDashboard() {
  return useQuery({
    queryKey: ['dashboard', 'parent'],
    queryFn: ({ signal }) => getParentDashboard(signal),
    // Back from paying a child's fees, the figures must already show the payment.
    refetchOnMount: 'always',
  });
}
