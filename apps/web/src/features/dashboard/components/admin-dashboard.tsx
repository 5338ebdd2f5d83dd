import { type AdminDashboard as Data, formatKobo } from '@schoolledger/domain';
import {
  Banknote,
  Building2,
  FileBarChart,
  Hourglass,
  LineChart,
  School,
  Settings,
  ShieldCheck,
  Users,
} from 'lucide-react';
import {
  ActionGrid,
  ActivityList,
  AlertBanner,
  type DashboardAction,
  StatCard,
  StatGrid,
} from '@/components/dashboard';
import { useAdminDashboard } from '../api/get-admin-dashboard';
import { activityItems, auditLink } from '../lib/activities';
import { DashboardState } from './dashboard-state';

const ACTIONS: DashboardAction[] = [
  { label: 'Schools', description: 'Add and edit the schools of the group', to: '/schools', icon: School },
  { label: 'Users', description: 'Accounts, roles and access', to: '/users', icon: Users, tone: 'sky' },
  {
    label: 'Settings',
    description: 'Security, backups and school settings',
    to: '/settings',
    icon: Settings,
    tone: 'slate',
  },
  {
    label: 'Reports',
    description: 'Financial and academic reports',
    to: '/reports',
    icon: FileBarChart,
    tone: 'violet',
  },
  { label: 'Audit trail', description: 'Who did what, and when', to: '/audit', icon: ShieldCheck, tone: 'amber' },
  {
    label: 'Financial Overview',
    description: 'Revenue by period, method and status',
    to: '/admin/financial-overview',
    icon: LineChart,
  },
];

/** SPEC §2 Admin: four figures of the schools in scope, the admin actions and the latest activity. */
export default function AdminDashboard() {
  const query = useAdminDashboard();
  return <DashboardState query={query}>{(data) => <Board data={data} />}</DashboardState>;
}

function Board({ data }: { data: Data }) {
  const stats = data.statistics;
  const moneyTrail = auditLink({ tab: 'financial' });

  return (
    <div className="space-y-6">
      {stats.pendingPayments > 0 && (
        <AlertBanner
          title={`${stats.pendingPayments.toLocaleString('en-NG')} payment${stats.pendingPayments === 1 ? '' : 's'} waiting`}
          action={{ label: 'Review payments', to: moneyTrail }}
        >
          {stats.pendingTransfers} bank transfer claim{stats.pendingTransfers === 1 ? '' : 's'} to confirm,{' '}
          {stats.paymentsInReview} online payment{stats.paymentsInReview === 1 ? '' : 's'} held for review.
        </AlertBanner>
      )}
      <StatGrid>
        <StatCard
          label="Total Schools"
          value={stats.totalSchools.toLocaleString('en-NG')}
          hint="In your care"
          to="/schools"
          icon={Building2}
        />
        <StatCard
          label="Total Users"
          value={stats.totalUsers.toLocaleString('en-NG')}
          hint="Every role"
          to="/users"
          icon={Users}
          tone="sky"
        />
        <StatCard
          label="Total Revenue"
          value={formatKobo(stats.totalRevenue)}
          hint="All time, net of refunds"
          to={moneyTrail}
          icon={Banknote}
          tone="violet"
        />
        <StatCard
          label="Pending Payments"
          value={stats.pendingPayments.toLocaleString('en-NG')}
          hint="Transfers to confirm and payments in review"
          to={moneyTrail}
          icon={Hourglass}
          tone={stats.pendingPayments > 0 ? 'amber' : 'slate'}
        />
      </StatGrid>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ActionGrid title="Administrative Actions" actions={ACTIONS} />
        <ActivityList
          title="Recent System Activities"
          items={activityItems(data.recentActivities)}
          emptyText="No activity recorded yet."
          viewAllTo="/audit"
        />
      </div>
    </div>
  );
}
