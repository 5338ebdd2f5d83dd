import type { Backup, BackupStatus } from '@schoolledger/domain';
import { SYSTEM_MESSAGES } from '@schoolledger/domain';
import { Archive, DatabaseBackup } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import {
  Badge,
  type BadgeVariant,
  Button,
  Card,
  CardBody,
  CardHeader,
  ConfirmDialog,
  EmptyState,
  Spinner,
} from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { formatBytes } from '@/lib/format-size';
import { notify } from '@/lib/notify';
import { useCreateBackup } from '../api/create-backup';
import { useBackupStatus } from '../api/get-backup-status';
import { formatMilliseconds } from '../lib/format';

const STATUS: Record<Backup['status'], { label: string; variant: BadgeVariant }> = {
  running: { label: 'Running', variant: 'blue' },
  succeeded: { label: 'Succeeded', variant: 'green' },
  failed: { label: 'Failed', variant: 'red' },
};
const FREQUENCY = { hourly: 'Every hour', daily: 'Every day at 02:00', weekly: 'Every Sunday at 02:00' } as const;

function BackupStatusBadge({ backup }: { backup: Backup }) {
  if (backup.prunedAt) return <Badge variant="gray">Removed by retention</Badge>;
  return <Badge variant={STATUS[backup.status].variant}>{STATUS[backup.status].label}</Badge>;
}

function Summary({ status }: { status: BackupStatus }) {
  const last = status.lastBackup;
  return (
    <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <div>
        <dt className="text-sm text-slate-500 dark:text-slate-400">Last backup</dt>
        <dd className="mt-1 space-y-1 text-sm text-slate-900 dark:text-white">
          {last ? (
            <>
              <span className="flex flex-wrap items-center gap-2 font-medium">
                {formatDateTime(last.startedAt)} <BackupStatusBadge backup={last} />
              </span>
              <span className="block text-slate-600 dark:text-slate-400">
                {last.status === 'succeeded' ? formatBytes(last.sizeBytes) : last.error}
              </span>
            </>
          ) : (
            <span className="font-medium">No backup yet</span>
          )}
        </dd>
      </div>
      <div>
        <dt className="text-sm text-slate-500 dark:text-slate-400">Schedule</dt>
        <dd className="mt-1 text-sm text-slate-900 dark:text-white">
          <span className="block font-medium">{FREQUENCY[status.frequency]}</span>
          <span className="block text-slate-600 dark:text-slate-400">
            Next: {formatDateTime(status.nextScheduledAt)} (Lagos time)
          </span>
        </dd>
      </div>
      <div>
        <dt className="text-sm text-slate-500 dark:text-slate-400">Retention</dt>
        <dd className="mt-1 text-sm text-slate-900 dark:text-white">
          <span className="block font-medium">{status.retentionDays} days</span>
          <span className="block text-slate-600 dark:text-slate-400">The newest good backup is always kept</span>
        </dd>
      </div>
      <div>
        <dt className="text-sm text-slate-500 dark:text-slate-400">Free disk space</dt>
        <dd className="mt-1 text-sm text-slate-900 dark:text-white">
          <span className="block font-medium">{formatBytes(status.freeBytes)}</span>
          <span className="block font-mono text-xs break-all text-slate-600 dark:text-slate-400">
            {status.directory}
          </span>
        </dd>
      </div>
    </dl>
  );
}

function BackupTable({ backups }: { backups: Backup[] }) {
  if (backups.length === 0) {
    return (
      <EmptyState
        icon={Archive}
        title="No backups yet"
        description="Backups made on the schedule or with Back up now are listed here."
      />
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Recent backups</caption>
        <thead className="bg-slate-50 text-xs text-slate-600 uppercase dark:bg-slate-800/50 dark:text-slate-400">
          <tr>
            <th scope="col" className="py-2 pr-3 pl-4 font-medium sm:pl-5">
              Started
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Status
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
              Trigger
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Size
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right font-medium md:table-cell">
              Took
            </th>
            <th scope="col" className="hidden px-5 py-2 font-medium lg:table-cell">
              File or reason
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {backups.map((backup) => (
            <tr key={backup._id}>
              <td className="py-2 pr-3 pl-4 text-slate-900 sm:pl-5 sm:whitespace-nowrap dark:text-white">
                {formatDateTime(backup.startedAt)}
              </td>
              <td className="px-3 py-2">
                <BackupStatusBadge backup={backup} />
              </td>
              <td className="hidden px-3 py-2 text-slate-700 sm:table-cell dark:text-slate-300">
                {backup.trigger === 'manual' ? 'Back up now' : 'Schedule'}
              </td>
              <td className="px-3 py-2 text-right whitespace-nowrap text-slate-700 dark:text-slate-300">
                {backup.sizeBytes === null ? '—' : formatBytes(backup.sizeBytes)}
              </td>
              <td className="hidden px-3 py-2 text-right text-slate-700 md:table-cell dark:text-slate-300">
                {formatMilliseconds(backup.durationMs)}
              </td>
              <td className="hidden max-w-xs px-5 py-2 break-all text-slate-700 lg:table-cell dark:text-slate-300">
                {backup.status === 'failed' ? (
                  <span className="text-red-700 dark:text-red-300">{backup.error}</span>
                ) : (
                  <span className="font-mono text-xs">{backup.fileName}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function BackupsPanel({ canBackUp }: { canBackUp: boolean }) {
  const status = useBackupStatus();
  const create = useCreateBackup();
  const [confirming, setConfirming] = useState(false);

  const backUp = () =>
    create.mutate(undefined, {
      onSuccess: (backup) => {
        setConfirming(false);
        if (backup.status === 'succeeded') notify.success(SYSTEM_MESSAGES.backupSucceeded);
        else notify.error(`${SYSTEM_MESSAGES.backupFailed}: ${backup.error ?? 'unknown reason'}`);
      },
      onError: (error) => {
        setConfirming(false);
        notify.error(errorMessage(error, SYSTEM_MESSAGES.backupFailed));
      },
    });

  return (
    <QueryState query={status} loading="Loading backups..." errorTitle="Failed to fetch backup status">
      {(data) => {
        const busy = create.isPending || data.running;
        return (
          <div className="space-y-4">
            <Card>
              <CardHeader
                title="Backups"
                description="Copies of the whole database, written to the backups folder of the data directory."
                actions={
                  canBackUp && (
                    <Button onClick={() => setConfirming(true)} loading={busy} disabled={busy}>
                      <DatabaseBackup className="size-4" aria-hidden="true" />
                      Back up now
                    </Button>
                  )
                }
              />
              <CardBody className="space-y-4">
                {busy && (
                  <p role="status" className="flex items-center gap-2 text-sm text-sky-800 dark:text-sky-300">
                    <Spinner className="size-4" />A backup is being written; the app may answer more slowly until it is
                    done.
                  </p>
                )}
                <Summary status={data} />
              </CardBody>
            </Card>
            <Card>
              <CardHeader title="Recent backups" description="The newest 20, scheduled or asked for." />
              <BackupTable backups={data.backups} />
            </Card>
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              title="Back up the database now?"
              description="A full copy of the database is written to the backups folder. It can take a minute on a large database, and the app may answer more slowly meanwhile."
              confirmLabel="Back up now"
              loading={create.isPending}
              onConfirm={backUp}
            />
          </div>
        );
      }}
    </QueryState>
  );
}
