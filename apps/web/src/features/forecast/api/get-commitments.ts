import { commitmentListSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { forecastKeys } from './keys';

/** What a school pays every month (salaries, rent, loans), which the cash flow counts. */
export async function getCommitments(schoolId: string, signal?: AbortSignal) {
  return commitmentListSchema.parse(
    await api.get('/forecast/commitments', { query: { school_id: schoolId }, signal, silent: true }),
  );
}

export function useCommitments(schoolId: string) {
  return useQuery({
    queryKey: forecastKeys.commitments(schoolId),
    queryFn: ({ signal }) => getCommitments(schoolId, signal),
  });
}
