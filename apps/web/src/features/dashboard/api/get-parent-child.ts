import { parentChildSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /parent/child/{id}: one linked child's fees, payments and results. */
export async function getParentChild(id: string, signal?: AbortSignal) {
  return parentChildSchema.parse(await api.get(`/parent/child/${encodeURIComponent(id)}`, { signal, silent: true }));
}

export function useParentChild(id: string) {
  return useQuery({
    queryKey: ['dashboard', 'parent', 'child', id],
    queryFn: ({ signal }) => getParentChild(id, signal),
  });
}
