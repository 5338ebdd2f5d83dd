import type { ReportRun, ReportRunStatus } from '@schoolledger/domain';
import { Badge, type BadgeVariant } from '@/components/ui';
import { formatDateTime } from '@/lib/dates';
import { formatBytes } from '@/lib/format-size';

const STATUS: Record<ReportRunStatus, { label: string; variant: BadgeVariant }> = {
  queued: { label: 'Queued', variant: 'gray' },
  running: { label: 'Generating', variant: 'blue' },
  ready: { label: 'Ready', variant: 'green' },
  failed: { label: 'Failed', variant: 'red' },
  expired: { label: 'Expired', variant: 'yellow' },
};

export function RunStatusBadge({ status }: { status: ReportRunStatus }) {
  const { label, variant } = STATUS[status];
  return <Badge variant={variant}>{label}</Badge>;
}

/** How far the job is, as a bar a screen reader reads as a percentage. */
export function RunProgress({ run }: { run: ReportRun }) {
  const value = Math.max(0, Math.min(100, run.progress));
  return (
    <div className="max-w-md">
      <div className="flex justify-between text-xs text-slate-500 dark:text-slate-400">
        <span>{run.status === 'queued' ? 'Waiting to start...' : 'Generating...'}</span>
        <span className="tabular-nums">{value}%</span>
      </div>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-label={`${run.title} progress`}
        className="mt-1 h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
      >
        <div className="h-full rounded-full bg-emerald-600 transition-[width]" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

/** File name, size, rows and how long it stays. */
export function ReadyFileLine({ run }: { run: ReportRun }) {
  const parts = [
    run.fileName,
    formatBytes(run.size),
    run.rows === null ? null : `${run.rows.toLocaleString('en-NG')} ${run.rows === 1 ? 'row' : 'rows'}`,
  ].filter(Boolean);
  return (
    <p className="text-sm text-slate-600 dark:text-slate-300">
      <span className="break-all">{parts.join(' · ')}</span>
      {run.expiresAt && (
        <span className="block text-xs text-slate-500 dark:text-slate-400">
          Available until {formatDateTime(run.expiresAt)}
        </span>
      )}
    </p>
  );
}
