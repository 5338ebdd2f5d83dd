import { reportRunsSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { REPORT_TEXT } from '../lib/messages';
import { toastFailure } from '../lib/toast-failure';
import { reportKeys } from './keys';

/** The caller's recent files, newest first. */
export async function getReportRuns(signal?: AbortSignal) {
  const read = api.get('/reports/runs', { signal, silent: true });
  return reportRunsSchema.parse(await toastFailure(read, REPORT_TEXT.filesFailed, signal));
}

export function useReportRuns() {
  return useQuery({ queryKey: reportKeys.runs(), queryFn: ({ signal }) => getReportRuns(signal) });
}
