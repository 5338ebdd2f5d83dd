import {
  type BackupStatus,
  type IctDashboard as Data,
  type HealthState,
  lagosDateTime,
  type SystemStatus,
} from '@schoolledger/domain';
import { Activity, Database, HardDrive, Mail, ServerCog, UserCog, Users, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import {
  ActionGrid,
  ActivityList,
  AlertBanner,
  type DashboardAction,
  StatCard,
  StatGrid,
  type Tone,
} from '@/components/dashboard';
import { allOf } from '@/components/query-state';
import { Badge, Card, CardBody, CardHeader, EmptyState } from '@/components/ui';
import { formatBytes, formatDuration } from '@/lib/format-size';
import { useBackupStatus } from '../api/get-backup-status';
import { useIctDashboard } from '../api/get-ict-dashboard';
import { useSystemStatus } from '../api/get-system-status';
import { activityItems } from '../lib/activities';
import { DashboardState } from './dashboard-state';

const ACTIONS: DashboardAction[] = [
  { label: 'System status and logs', description: 'Health, warnings and backups', to: '/system', icon: ServerCog },
  { label: 'Users', description: 'Accounts, roles and access', to: '/users', icon: UserCog, tone: 'sky' },
  {
    label: 'Email configuration',
    description: 'SMTP and the outbox',
    to: '/admin/email-config',
    icon: Mail,
    tone: 'violet',
  },
  {
    label: 'Payment configuration',
    description: 'Providers and bank transfer',
    to: '/admin/payment-config',
    icon: Wallet,
    tone: 'amber',
  },
];

const TONES: Record<HealthState, Tone> = { healthy: 'emerald', warning: 'amber', critical: 'rose' };
const RANK: Record<HealthState, number> = { healthy: 0, warning: 1, critical: 2 };

/** The worst part decides the banner: a healthy banner over a failing part would hide it. */
function overall(status: SystemStatus) {
  const parts = [
    ['Database', status.database],
    ['Job queue', status.jobs],
    ['Email', status.email],
    ['Disk', status.disk],
  ] as const;
  const worst = parts.reduce((a, b) => (RANK[b[1].state] > RANK[a[1].state] ? b : a));
  const troubled = parts.filter(([, part]) => part.state !== 'healthy');
  return { state: worst[1].state, troubled };
}

/** Issue 14 item 2: the ICT administrator's view of the live system, from the server's own figures. */
export default function IctDashboard() {
  const status = useSystemStatus();
  const board = useIctDashboard();
  // The last backup is a detail of one card: the board opens without it.
  const backups = useBackupStatus();
  return (
    <DashboardState query={allOf([status, board])} fallback="Failed to fetch system status">
      {([system, data]) => <Board system={system} data={data} backups={backups.data} />}
    </DashboardState>
  );
}

function Board({ system: s, data, backups }: { system: SystemStatus; data: Data; backups: BackupStatus | undefined }) {
  const { state, troubled } = overall(s);
  const last = backups?.lastBackup ?? null;

  return (
    <div className="space-y-6">
      <AlertBanner
        tone={state === 'healthy' ? 'info' : state === 'warning' ? 'warning' : 'danger'}
        title={state === 'healthy' ? 'All systems operational' : `${troubled.length} part(s) need attention`}
        action={{ label: 'Open system status', to: '/system' }}
      >
        {state === 'healthy'
          ? `Checked ${lagosDateTime(s.checkedAt)}. Up ${formatDuration(s.app.uptimeSeconds)}, version ${s.app.version}.`
          : troubled.map(([name, part]) => `${name}: ${part.reason}`).join(' · ')}
      </AlertBanner>
      <StatGrid>
        <StatCard
          label="Database"
          value={formatBytes(s.database.sizeBytes)}
          hint={s.database.reason}
          to="/system"
          icon={Database}
          tone={TONES[s.database.state]}
        />
        <StatCard
          label="Disk free"
          value={formatBytes(s.disk.freeBytes)}
          hint={s.disk.totalBytes ? `of ${formatBytes(s.disk.totalBytes)} · ${s.disk.reason}` : s.disk.reason}
          to="/system?tab=backups"
          icon={HardDrive}
          tone={TONES[s.disk.state]}
        />
        <StatCard
          label="Job queue"
          value={s.jobs.queues.reduce((sum, queue) => sum + queue.queued + queue.active, 0).toLocaleString('en-NG')}
          hint={`Waiting or running · ${s.jobs.reason}`}
          to="/system"
          icon={Activity}
          tone={TONES[s.jobs.state]}
        />
        <StatCard
          label="Locked out"
          value={data.lockedOutCount.toLocaleString('en-NG')}
          hint="People locked by failed sign-ins now"
          to="/users"
          icon={Users}
          tone={data.lockedOutCount > 0 ? 'rose' : 'slate'}
        />
      </StatGrid>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ActionGrid title="Technical Operations" actions={ACTIONS} />
        <ActivityList
          title="Recent Technical Activities"
          items={activityItems(data.technicalActivities)}
          emptyText="No system or security activity recorded yet."
        />
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="Last backup" />
          <CardBody className="space-y-1 text-sm">
            {last ? (
              <>
                <p className="flex flex-wrap items-center gap-2">
                  <Badge variant={last.status === 'succeeded' ? 'green' : last.status === 'failed' ? 'red' : 'yellow'}>
                    {last.status}
                  </Badge>
                  <time dateTime={last.startedAt}>{lagosDateTime(last.startedAt)}</time>
                </p>
                <p className="text-slate-500 dark:text-slate-400">
                  {last.error ?? `${formatBytes(last.sizeBytes)}, ${last.trigger}`}
                </p>
              </>
            ) : (
              <p className="text-slate-500 dark:text-slate-400">No backup has been made yet.</p>
            )}
            <Link
              to="/system?tab=backups"
              className="inline-block pt-2 font-medium text-emerald-700 hover:underline dark:text-emerald-300"
            >
              Open backups
            </Link>
          </CardBody>
        </Card>
        <Card>
          <CardHeader
            title="Locked-out users"
            description="Locked by repeated failed sign-ins; the lock ends by itself."
          />
          {data.lockedOut.length === 0 ? (
            <EmptyState title="Nobody is locked out." className="py-8" />
          ) : (
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {data.lockedOut.map((person) => (
                <li key={person.id} className="px-5 py-3 text-sm">
                  <p className="font-medium text-slate-900 dark:text-white">{person.name}</p>
                  <p className="truncate text-slate-500 dark:text-slate-400">
                    {person.email}
                    {person.schoolName ? ` · ${person.schoolName}` : ''}
                  </p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    Until <time dateTime={person.lockedUntil}>{lagosDateTime(person.lockedUntil)}</time>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}
