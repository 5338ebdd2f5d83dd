import type { ReportRun } from '@schoolledger/domain';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { DOWNLOAD_FAILED, downloadReportRun } from '@/lib/report-runs';

/** Saves a ready file again, under the name the run gave it. */
export function useDownloadReportRun() {
  return useMutation({
    mutationFn: (run: ReportRun) => downloadReportRun(run),
    onError: (error) => notify.error(errorMessage(error, DOWNLOAD_FAILED)),
  });
}
