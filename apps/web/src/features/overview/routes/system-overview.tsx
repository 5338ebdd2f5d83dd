import { type HealthState, lagosDateTime } from '@schoolledger/domain';
import { Activity, Database, HardDrive, Mail, RefreshCw, Server, Users } from 'lucide-react';
import { Link } from 'react-router';
import { AlertBanner, DashboardSkeleton, ProgressBar, StatCard, StatGrid, type Tone } from '@/components/dashboard';
import { QueryState } from '@/components/query-state';
import { Badge, Button, Card, CardBody, CardHeader, PageHeader } from '@/components/ui';
import { formatBytes, formatDuration } from '@/lib/format-size';
import { useSystemOverview } from '../api/get-system-overview';

const TONES: Record<HealthState, Tone> = { healthy: 'emerald', warning: 'amber', critical: 'rose' };

/** SPEC §2 System Overview, from the server's own figures: nothing on it is a sample. */
export default function SystemOverviewPage() {
  const overview = useSystemOverview();

  return (
    <>
      <PageHeader
        title="System Overview"
        description="The server, database, storage, people using the app, background work and backups."
        actions={
          <Button variant="secondary" onClick={() => overview.refetch()} disabled={overview.isFetching}>
            <RefreshCw className={overview.isFetching ? 'size-4 animate-spin' : 'size-4'} aria-hidden="true" />
            Refresh
          </Button>
        }
      />
      <QueryState
        query={overview}
        loading={<DashboardSkeleton />}
        errorTitle="Error loading system overview"
        errorFallback="Failed to fetch system overview"
      >
        {(data) => (
          <div className="space-y-6">
            {data.alerts.length === 0 ? (
              <AlertBanner tone="info" title="No alerts">
                Every part answered as expected at {lagosDateTime(data.checkedAt)}.
              </AlertBanner>
            ) : (
              data.alerts.map((alert) => (
                <AlertBanner
                  key={alert.title}
                  tone={alert.severity === 'critical' ? 'danger' : 'warning'}
                  title={alert.title}
                  action={{ label: 'Open system status', to: '/system' }}
                >
                  {alert.message}
                </AlertBanner>
              ))
            )}
            <StatGrid>
              <StatCard
                label="Server Status"
                value={data.server.state === 'healthy' ? 'Online' : data.server.reason}
                hint={`Up ${formatDuration(data.server.uptimeSeconds)} · version ${data.server.version}`}
                to="/system"
                icon={Server}
                tone={TONES[data.server.state]}
              />
              <StatCard
                label="Database Status"
                value={data.database.reason}
                hint={`${data.database.driver === 'pglite' ? 'Embedded' : 'PostgreSQL'} · ${formatBytes(data.database.sizeBytes)}`}
                to="/system"
                icon={Database}
                tone={TONES[data.database.state]}
              />
              <StatCard
                label="Storage Usage"
                value={data.storage.usedPercent === null ? 'Unknown' : `${data.storage.usedPercent}%`}
                hint={`${formatBytes(data.storage.freeBytes)} free of ${formatBytes(data.storage.totalBytes)}`}
                to="/system?tab=backups"
                icon={HardDrive}
                tone={TONES[data.storage.state]}
              />
              <StatCard
                label="Active Users"
                value={data.activeUsers.last15Minutes.toLocaleString('en-NG')}
                hint={`In the last 15 minutes · ${data.activeUsers.today.toLocaleString('en-NG')} signed in today`}
                to="/users"
                icon={Users}
                tone="sky"
              />
            </StatGrid>
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
              <Card>
                <CardHeader title="Storage" description={data.storage.reason} />
                <CardBody>
                  <ProgressBar
                    label="Data disk used"
                    value={data.storage.usedPercent}
                    tone={data.storage.state === 'healthy' ? 'emerald' : 'amber'}
                    detail={`${formatBytes(data.storage.usedBytes)} used, ${formatBytes(data.storage.freeBytes)} free`}
                  />
                </CardBody>
              </Card>
              <Card>
                <CardHeader
                  title="Background work"
                  actions={<Activity className="size-4 text-slate-400" aria-hidden="true" />}
                />
                <CardBody className="space-y-2 text-sm">
                  <Row label="Jobs waiting" value={data.jobs.queued} />
                  <Row label="Jobs running" value={data.jobs.active} />
                  <Row label="Jobs failed" value={data.jobs.failed} />
                  <Row label="Emails waiting" value={data.outbox.queued} />
                  <Row label="Emails failed" value={data.outbox.failed} />
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {data.jobs.reason}. Email: {data.outbox.reason}.
                  </p>
                  <Link
                    to="/admin/email-config"
                    className="inline-flex items-center gap-1 font-medium text-emerald-700 hover:underline dark:text-emerald-300"
                  >
                    <Mail className="size-4" aria-hidden="true" /> Email configuration
                  </Link>
                </CardBody>
              </Card>
              <Card>
                <CardHeader title="Last backup" />
                <CardBody className="space-y-1 text-sm">
                  {data.lastBackup ? (
                    <>
                      <p className="flex flex-wrap items-center gap-2">
                        <Badge
                          variant={
                            data.lastBackup.status === 'succeeded'
                              ? 'green'
                              : data.lastBackup.status === 'failed'
                                ? 'red'
                                : 'yellow'
                          }
                        >
                          {data.lastBackup.status}
                        </Badge>
                        <time dateTime={data.lastBackup.startedAt}>{lagosDateTime(data.lastBackup.startedAt)}</time>
                      </p>
                      <p className="text-slate-500 dark:text-slate-400">
                        {data.lastBackup.error ?? formatBytes(data.lastBackup.sizeBytes)}
                      </p>
                    </>
                  ) : (
                    <p className="text-slate-500 dark:text-slate-400">No backup has been made yet.</p>
                  )}
                  {data.lastSuccessfulBackup && data.lastSuccessfulBackup._id !== data.lastBackup?._id && (
                    <p className="text-slate-500 dark:text-slate-400">
                      Last good: {lagosDateTime(data.lastSuccessfulBackup.startedAt)}
                    </p>
                  )}
                  <Link
                    to="/system?tab=backups"
                    className="inline-block pt-1 font-medium text-emerald-700 hover:underline dark:text-emerald-300"
                  >
                    Open backups
                  </Link>
                </CardBody>
              </Card>
            </div>
          </div>
        )}
      </QueryState>
    </>
  );
}

function Row({ label, value }: { label: string; value: number }) {
  return (
    <p className="flex items-center justify-between gap-3">
      <span className="text-slate-600 dark:text-slate-300">{label}</span>
      <span className="font-semibold text-slate-900 tabular-nums dark:text-white">{value.toLocaleString('en-NG')}</span>
    </p>
  );
}
