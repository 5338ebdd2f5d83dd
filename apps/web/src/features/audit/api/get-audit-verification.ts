import { auditVerificationSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { auditKeys } from './keys';

export async function getAuditVerification(schoolId: string, signal?: AbortSignal) {
  return auditVerificationSchema.parse(
    await api.get('/audit/verify', { query: { schoolId: schoolId || undefined }, signal, silent: true }),
  );
}

/** Walking a chain reads every row of it: only when asked, never on a timer. */
export function useAuditVerification(schoolId: string, enabled: boolean) {
  return useQuery({
    queryKey: auditKeys.verification(schoolId),
    queryFn: ({ signal }) => getAuditVerification(schoolId, signal),
    enabled,
    staleTime: 0,
    gcTime: 60_000,
  });
}
