import { outstandingReportSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api, download } from '@/lib/api-client';
import { feeKeys } from './keys';

/** Without a term the server reports on the school's current one (and says which). */
export interface OutstandingReportQuery {
  school_id?: string | undefined;
  term_id?: string | undefined;
  classArm_id?: string | undefined;
}

export async function getOutstandingReport(query: OutstandingReportQuery, signal?: AbortSignal) {
  return outstandingReportSchema.parse(
    await api.get('/bursar/outstanding-fees-report', { query: { ...query }, signal, silent: true }),
  );
}

export function useOutstandingReport(query: OutstandingReportQuery, enabled: boolean) {
  return useQuery({
    queryKey: feeKeys.outstanding(query),
    queryFn: ({ signal }) => getOutstandingReport(query, signal),
    enabled,
  });
}

/** The same report as a CSV file, one row per student; the server names the file after the term. */
export function downloadOutstandingCsv(query: OutstandingReportQuery, filename: string) {
  return download('/bursar/outstanding-fees-report/export', filename, { query: { ...query } });
}
