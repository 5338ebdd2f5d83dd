import { EXPORT_FORMAT_LABELS, type ReportRun } from '@schoolledger/domain';
import { Download, RotateCcw } from 'lucide-react';
import { Badge, Button } from '@/components/ui';
import { formatDateTime } from '@/lib/dates';
import { isRunFinished, useReportRunDelivery } from '@/lib/report-runs';
import { useDownloadReportRun } from '../api/download-report-run';
import { describeFilters } from '../lib/filter-summary';
import { useFilterNames } from '../lib/use-filter-names';
import { ReadyFileLine, RunProgress, RunStatusBadge } from './run-status';

export interface RunItemProps {
  run: ReportRun;
  /** Started on this visit: saved automatically once ready. */
  deliver: boolean;
  onGenerateAgain(run: ReportRun): void;
  generatingAgain: boolean;
}

/** One generated file: followed while it is made, then downloadable until it expires. */
export function RunItem({ run: listed, deliver, onGenerateAgain, generatingAgain }: RunItemProps) {
  const { run = listed, pollError, retry } = useReportRunDelivery(listed.id, { known: listed, deliver });
  const names = useFilterNames(run.filters);
  const downloader = useDownloadReportRun();

  return (
    <li className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-medium text-slate-900 dark:text-white">{run.title}</h3>
          <Badge>{EXPORT_FORMAT_LABELS[run.format]}</Badge>
          <RunStatusBadge status={run.status} />
        </div>
        <p className="text-sm text-slate-500 dark:text-slate-400">{describeFilters(run.filters, names)}</p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Requested {formatDateTime(run.createdAt)}
          {run.emailTo && ` · emailed to ${run.emailTo}`}
        </p>
        {!isRunFinished(run) &&
          (pollError ? (
            <p className="text-sm text-red-700 dark:text-red-300">
              Could not check its progress.{' '}
              <button type="button" onClick={retry} className="font-medium underline underline-offset-2">
                Check again
              </button>
            </p>
          ) : (
            <RunProgress run={run} />
          ))}
        {run.status === 'ready' && <ReadyFileLine run={run} />}
        {run.status === 'failed' && (
          <p className="text-sm text-red-700 dark:text-red-300">{run.error ?? 'The file could not be made.'}</p>
        )}
        {run.status === 'expired' && (
          <p className="text-sm text-slate-600 dark:text-slate-300">Expired — generate it again</p>
        )}
      </div>
      {run.status === 'ready' && (
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          loading={downloader.isPending}
          onClick={() => downloader.mutate(run)}
          aria-label={`Download ${run.fileName ?? run.title}`}
        >
          {!downloader.isPending && <Download className="size-4" aria-hidden="true" />}
          Download
        </Button>
      )}
      {(run.status === 'failed' || run.status === 'expired') && (
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          loading={generatingAgain}
          onClick={() => onGenerateAgain(run)}
        >
          {!generatingAgain && <RotateCcw className="size-4" aria-hidden="true" />}
          Generate again
        </Button>
      )}
    </li>
  );
}
