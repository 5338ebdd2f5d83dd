import type { HealthState, SystemStatus } from '@schoolledger/domain';
import { clsx } from 'clsx';
import { Clock, Database, HardDrive, type LucideIcon, Mail, Workflow } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { QueryState } from '@/components/query-state';
import { Card } from '@/components/ui';
import { formatDateTime } from '@/lib/dates';
import { formatBytes, formatDuration } from '@/lib/format-size';
import { useSystemStatus } from '../api/get-system-status';
import { HealthBadge } from './health-badge';

const ACCENTS: Record<HealthState, string> = {
  healthy: 'border-l-emerald-500',
  warning: 'border-l-amber-500',
  critical: 'border-l-red-600',
};

function StatusCard({
  icon: Icon,
  title,
  state,
  reason,
  children,
  extra,
}: {
  icon: LucideIcon;
  title: string;
  state: HealthState;
  reason: string;
  children?: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <Card className={clsx('border-l-4 p-5', ACCENTS[state])} aria-label={title}>
      <div className="flex items-start justify-between gap-3">
        <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
          <Icon className="size-5 text-slate-500 dark:text-slate-400" aria-hidden="true" />
          {title}
        </h2>
        <HealthBadge state={state} />
      </div>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{reason}</p>
      {children && <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">{children}</dl>}
      {extra}
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 text-right font-medium break-words text-slate-900 dark:text-white">{children}</dd>
    </>
  );
}

function QueueTable({ queues }: { queues: SystemStatus['jobs']['queues'] }) {
  return (
    <table className="mt-4 w-full text-sm">
      <caption className="sr-only">Jobs per queue</caption>
      <thead className="text-xs text-slate-500 dark:text-slate-400">
        <tr>
          <th scope="col" className="py-1 text-left font-medium">
            Queue
          </th>
          <th scope="col" className="py-1 pl-2 text-right font-medium">
            Waiting
          </th>
          <th scope="col" className="py-1 pl-2 text-right font-medium">
            Active
          </th>
          <th scope="col" className="py-1 pl-2 text-right font-medium">
            Failed
          </th>
        </tr>
      </thead>
      <tbody>
        {queues.map((queue) => (
          <tr key={queue.name}>
            <th scope="row" className="py-0.5 text-left font-normal text-slate-600 dark:text-slate-300">
              {/* Long names break after a dot, not mid-word. */}
              {queue.name.split('.').map((part, index) => (
                <Fragment key={part}>
                  {index > 0 && (
                    <>
                      .<wbr />
                    </>
                  )}
                  {part}
                </Fragment>
              ))}
            </th>
            <td className="py-0.5 pl-2 text-right font-medium text-slate-900 dark:text-white">{queue.queued}</td>
            <td className="py-0.5 pl-2 text-right font-medium text-slate-900 dark:text-white">{queue.active}</td>
            <td
              className={clsx(
                'py-0.5 pl-2 text-right font-medium',
                queue.failed > 0 ? 'text-red-700 dark:text-red-300' : 'text-slate-900 dark:text-white',
              )}
            >
              {queue.failed}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Cards({ status }: { status: SystemStatus }) {
  const { database, jobs, email, disk, app } = status;
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      <StatusCard icon={Database} title="Database" state={database.state} reason={database.reason}>
        <Fact label="Reachable">{database.reachable ? 'Yes' : 'No'}</Fact>
        <Fact label="Engine">{database.driver === 'pglite' ? 'Embedded (PGlite)' : 'PostgreSQL'}</Fact>
        <Fact label="Size">{formatBytes(database.sizeBytes)}</Fact>
        <Fact label="Migrations">
          {database.migrationsApplied ?? '?'} of {database.migrationsShipped} applied
        </Fact>
        {database.replica && (
          <Fact label="Read replica">
            {!database.replica.reachable
              ? 'Not answering'
              : database.replica.lagSeconds === null
                ? 'Answering (not a standby)'
                : `${formatDuration(Math.round(database.replica.lagSeconds))} behind`}
          </Fact>
        )}
      </StatusCard>
      <StatusCard
        icon={Workflow}
        title="Job queue"
        state={jobs.state}
        reason={jobs.reason}
        extra={jobs.queues.length > 0 && <QueueTable queues={jobs.queues} />}
      >
        {jobs.queues.length === 0 && <Fact label="Queues">None reported</Fact>}
      </StatusCard>
      <StatusCard icon={Mail} title="Email outbox" state={email.state} reason={email.reason}>
        <Fact label="Waiting">{email.queued}</Fact>
        <Fact label="Failed">{email.failed}</Fact>
        <Fact label="Oldest waiting">
          {email.oldestQueuedSeconds === null ? '—' : formatDuration(email.oldestQueuedSeconds)}
        </Fact>
      </StatusCard>
      <StatusCard icon={HardDrive} title="Disk" state={disk.state} reason={disk.reason}>
        <Fact label="Free">{formatBytes(disk.freeBytes)}</Fact>
        <Fact label="Total">{formatBytes(disk.totalBytes)}</Fact>
        <Fact label="Data folder">
          <span className="font-mono text-xs">{disk.path}</span>
        </Fact>
      </StatusCard>
      <StatusCard icon={Clock} title="Server" state={app.state} reason={app.reason}>
        <Fact label="Up for">{formatDuration(app.uptimeSeconds)}</Fact>
        <Fact label="Started">{formatDateTime(app.startedAt)}</Fact>
        <Fact label="Version">{app.version}</Fact>
        <Fact label="Node.js">{app.nodeVersion}</Fact>
      </StatusCard>
    </div>
  );
}

export function StatusPanel() {
  const status = useSystemStatus();
  return (
    <QueryState query={status} loading="Checking the system..." errorTitle="Failed to fetch system status">
      {(data) => (
        <div className="space-y-3">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Checked {formatDateTime(data.checkedAt)}; refreshed every 30 seconds.
          </p>
          <Cards status={data} />
        </div>
      )}
    </QueryState>
  );
}
