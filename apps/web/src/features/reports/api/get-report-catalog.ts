import { reportCatalogSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { REPORT_TEXT } from '../lib/messages';
import { toastFailure } from '../lib/toast-failure';
import { reportKeys } from './keys';

/** Only the reports the caller may run. */
export async function getReportCatalog(signal?: AbortSignal) {
  const read = api.get('/reports/catalog', { signal, silent: true });
  return reportCatalogSchema.parse(await toastFailure(read, REPORT_TEXT.fetchFailed, signal)).reports;
}

export function useReportCatalog() {
  return useQuery({
    queryKey: reportKeys.catalog(),
    queryFn: ({ signal }) => getReportCatalog(signal),
    staleTime: Infinity,
  });
}

export type CatalogReport = Awaited<ReturnType<typeof getReportCatalog>>[number];
