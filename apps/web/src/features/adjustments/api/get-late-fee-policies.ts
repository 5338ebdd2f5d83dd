import { lateFeePolicyListSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adjustmentKeys } from './keys';

/** A school's default late fee and the fees with a policy of their own. */
export async function getLateFeePolicies(schoolId: string, signal?: AbortSignal) {
  return lateFeePolicyListSchema.parse(
    await api.get('/late-fee-policies', { query: { school_id: schoolId }, signal, silent: true }),
  );
}

export function useLateFeePolicies(schoolId: string) {
  return useQuery({
    queryKey: adjustmentKeys.lateFees(schoolId),
    queryFn: ({ signal }) => getLateFeePolicies(schoolId, signal),
    enabled: schoolId !== '',
  });
}
