import { feeListSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adjustmentKeys } from './keys';

/** A school's approved fees, for a late-fee policy of one fee's own. */
export async function getSchoolFees(schoolId: string, signal?: AbortSignal) {
  const data = await api.get('/fee/all', {
    query: { school_id: schoolId, status: 'approved', limit: 200 },
    signal,
    silent: true,
  });
  return feeListSchema.parse(data).fees;
}

export function useSchoolFees(schoolId: string) {
  return useQuery({
    queryKey: adjustmentKeys.schoolFees(schoolId),
    queryFn: ({ signal }) => getSchoolFees(schoolId, signal),
    enabled: schoolId !== '',
  });
}
