import { auditEntryDetailSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { auditKeys } from './keys';

export async function getAuditEntry(id: string, signal?: AbortSignal) {
  return auditEntryDetailSchema.parse(await api.get(`/audit/logs/${id}`, { signal, silent: true }));
}

/** An entry never changes once written: fetched once per id. */
export function useAuditEntry(id: string | null) {
  return useQuery({
    queryKey: auditKeys.entry(id ?? ''),
    queryFn: ({ signal }) => getAuditEntry(id!, signal),
    enabled: Boolean(id),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
