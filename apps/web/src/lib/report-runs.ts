import { type ReportRun, reportRunSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api, download, errorMessage } from './api-client';
import { notify } from './notify';

/**
 * A generated report file (POST /reports/runs) is made by a background job: the screens that
 * start one (Reports, a payer's statement) follow it here until it is ready, then save it.
 */
export const REPORT_RUN_POLL_MS = 1000;

export const GENERATE_FAILED = 'Failed to generate report';
export const DOWNLOAD_FAILED = 'Failed to download report';

export const reportRunKeys = {
  all: ['reportRuns'] as const,
  run: (id: string) => [...reportRunKeys.all, id] as const,
};

export const isRunFinished = (run: Pick<ReportRun, 'status'>) => run.status !== 'queued' && run.status !== 'running';

export async function getReportRun(id: string, signal?: AbortSignal) {
  return reportRunSchema.parse(await api.get(`/reports/runs/${id}`, { signal, silent: true }));
}

export function downloadReportRun(run: ReportRun) {
  return download(`/reports/runs/${run.id}/file`, run.fileName ?? `${run.report}.${run.format}`, { silent: true });
}

/** Asks for the run every second until the job is done with it, or the asking fails. */
export function useReportRun(id: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: reportRunKeys.run(id ?? ''),
    queryFn: ({ signal }) => getReportRun(id ?? '', signal),
    enabled: Boolean(id) && enabled,
    refetchInterval: (query) =>
      query.state.status === 'error' || (query.state.data && isRunFinished(query.state.data))
        ? false
        : REPORT_RUN_POLL_MS,
  });
}

export interface ReportRunDeliveryOptions {
  /** The run as a list last showed it: polling stops at once when that is already finished. */
  known?: ReportRun;
  /** Save the file when it is ready and toast the outcome: only for a run this screen started. */
  deliver: boolean;
}

/**
 * Follows one run and, when asked to deliver it, downloads the file once as soon as it is ready,
 * or toasts why it is not coming. Returns the latest state of the run and of the polling.
 */
export function useReportRunDelivery(id: string | null, { known, deliver }: ReportRunDeliveryOptions) {
  const knownFinished = known !== undefined && isRunFinished(known);
  const run = useReportRun(id, { enabled: !knownFinished });
  const delivered = useRef(new Set<string>());
  const current = knownFinished ? known : (run.data ?? known);
  const pollError = run.error;

  useEffect(() => {
    if (!deliver || !id || delivered.current.has(id)) return;
    if (pollError) {
      delivered.current.add(id);
      notify.error(errorMessage(pollError, GENERATE_FAILED));
      return;
    }
    if (!current || !isRunFinished(current)) return;
    delivered.current.add(id);
    if (current.status !== 'ready') {
      notify.error(current.error ?? GENERATE_FAILED);
      return;
    }
    notify.success(`${current.title} is ready`);
    downloadReportRun(current).catch((error: unknown) => notify.error(errorMessage(error, DOWNLOAD_FAILED)));
  }, [deliver, id, current, pollError]);

  return { run: current, pollError, retry: () => run.refetch() };
}
