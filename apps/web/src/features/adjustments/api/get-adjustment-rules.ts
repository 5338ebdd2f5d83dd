import { adjustmentRuleListSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adjustmentKeys } from './keys';

/** The sibling, staff-child and scholarship rules of the caller's schools and of the whole group. */
export async function getAdjustmentRules(signal?: AbortSignal) {
  return adjustmentRuleListSchema.parse(await api.get('/adjustment-rules', { signal, silent: true }));
}

export function useAdjustmentRules(enabled: boolean) {
  return useQuery({
    queryKey: adjustmentKeys.rules(),
    queryFn: ({ signal }) => getAdjustmentRules(signal),
    enabled,
  });
}
