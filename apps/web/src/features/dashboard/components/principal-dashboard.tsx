import { type PrincipalDashboard as Data, ROLE_BADGES } from '@schoolledger/domain';
import {
  BarChart3,
  ClipboardCheck,
  FileBarChart,
  GraduationCap,
  Percent,
  ShieldCheck,
  Users,
  Wallet,
} from 'lucide-react';
import { Link } from 'react-router';
import { RankingChart } from '@/components/charts';
import {
  ActionGrid,
  ActivityList,
  AlertBanner,
  formatRate,
  NOT_RECORDED,
  StatCard,
  StatGrid,
} from '@/components/dashboard';
import { Badge, Card, CardHeader, EmptyState } from '@/components/ui';
import { formatDate } from '@/lib/dates';
import { usePrincipalDashboard } from '../api/get-principal-dashboard';
import { countOf, naira, outstandingLink, paymentsLink } from '../lib/finance';
import AcademicOverviewPanel from './academic-overview-panel';
import { DashboardState } from './dashboard-state';
import { ForecastCard } from './forecast-card';

const APPROVALS = '/fees?tab=approvals';

const ACTIONS = [
  { label: 'Approve Fees', description: 'Fees waiting for approval', to: APPROVALS, icon: ClipboardCheck },
  { label: 'School Reports', description: 'Reports of the school', to: '/reports', icon: FileBarChart, tone: 'sky' },
  { label: 'Manage Staff', description: 'Staff accounts and roles', to: '/users', icon: Users, tone: 'violet' },
  {
    label: 'Financial Overview',
    description: 'Periods and comparisons',
    to: '/admin/financial-overview',
    icon: BarChart3,
    tone: 'amber',
  },
  { label: 'Academic Review', description: 'Term results', to: '/results', icon: GraduationCap, tone: 'rose' },
  {
    label: 'Audit trail',
    description: 'Everything done in the school',
    to: '/audit',
    icon: ShieldCheck,
    tone: 'slate',
  },
] as const;

/** SPEC §2 Principal and issue 14 item 4: the school's people, money and what waits for approval. */
export default function PrincipalDashboard() {
  const query = usePrincipalDashboard();
  return <DashboardState query={query}>{(data) => <Board data={data} />}</DashboardState>;
}

function Board({ data }: { data: Data }) {
  const { statistics, financial, termFigures: figures, pendingApprovals, term } = data;
  const OUTSTANDING = outstandingLink(data.schoolId, term?._id);
  const staffHint = statistics.staffByRole.map((row) => `${row.count} ${ROLE_BADGES[row.role]}`).join(', ');
  const arms = data.collectionByClassArm.filter((arm) => arm.figures.expected > 0n);

  return (
    <div className="space-y-6">
      {financial.outstandingFees > 0n && (
        <AlertBanner title="Outstanding Fees Alert" action={{ label: 'View outstanding fees', to: OUTSTANDING }}>
          {`${naira(financial.outstandingFees)} is still owed this term by ${countOf(figures.owing, 'student')}.`}
        </AlertBanner>
      )}

      <StatGrid>
        <StatCard
          label="Total Students"
          value={statistics.totalStudents.toLocaleString('en-NG')}
          hint="Active students"
          to="/users?role=Student&status=active"
          icon={GraduationCap}
        />
        <StatCard
          label="Fee Collection"
          value={formatRate(financial.collectionRate)}
          hint={term ? `${naira(figures.collected)} of ${naira(figures.expected)}, ${term.name}` : 'No term yet'}
          to={OUTSTANDING}
          icon={Percent}
          tone="sky"
        />
        <StatCard
          label="Total Revenue"
          value={naira(financial.totalRevenue)}
          hint="All payments, net of refunds"
          to={paymentsLink({ pstatus: 'success' })}
          icon={Wallet}
          tone="amber"
        />
        <StatCard
          label="Staff Members"
          value={statistics.totalStaff.toLocaleString('en-NG')}
          hint={
            <>
              Teachers: {statistics.totalTeachers ?? NOT_RECORDED}
              {staffHint && <span className="block">{staffHint}</span>}
            </>
          }
          to="/users?status=active"
          icon={Users}
          tone="violet"
        />
      </StatGrid>

      <ForecastCard />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader
            title="Pending Approvals"
            description="Fees waiting for your review"
            actions={<Badge variant={pendingApprovals.count > 0 ? 'yellow' : 'green'}>{pendingApprovals.count}</Badge>}
          />
          {pendingApprovals.count === 0 ? (
            <EmptyState
              title="No pending approvals"
              description="All fees have been reviewed and approved."
              className="py-8"
            />
          ) : (
            <>
              <ul className="divide-y divide-slate-100 dark:divide-slate-800">
                {pendingApprovals.fees.map((fee) => (
                  <li key={fee._id} className="flex items-center gap-3 px-5 py-3">
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{fee.name}</p>
                      <p className="text-xs text-slate-500 dark:text-slate-400">
                        {fee.term ?? 'No term'} · created {formatDate(fee.createdAt)}
                      </p>
                    </div>
                    <span className="text-sm font-semibold text-slate-900 tabular-nums dark:text-white">
                      {naira(fee.amount)}
                    </span>
                  </li>
                ))}
              </ul>
              <div className="border-t border-slate-100 px-5 py-3 dark:border-slate-800">
                <Link
                  to={APPROVALS}
                  className="text-sm font-medium text-emerald-700 hover:underline dark:text-emerald-300"
                >
                  Review {countOf(pendingApprovals.count, 'pending fee')}
                </Link>
              </div>
            </>
          )}
        </Card>
        <RankingChart
          title="Collection by class arm"
          description={term ? `${term.name}, ${term.session}: collected of expected` : undefined}
          data={arms.map((arm) => ({
            label: arm.name,
            value: arm.figures.collectionRate ?? 0,
            to: OUTSTANDING,
          }))}
          format={(value) => formatRate(value)}
          columns={['Class arm', 'Collected']}
          max={100}
          empty="Every rate still rounds to 0% this term."
        />
      </div>

      {arms.length > 0 && (
        <Card className="overflow-hidden">
          <CardHeader title="Class arms this term" description="Students, what their fees ask and what is left" />
          <div className="overflow-x-auto">
            <table className="w-full min-w-[32rem] text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-left text-xs font-medium text-slate-500 uppercase dark:border-slate-800 dark:text-slate-400">
                  <th scope="col" className="px-5 py-2">
                    Class arm
                  </th>
                  <th scope="col" className="px-5 py-2 text-right">
                    Students
                  </th>
                  <th scope="col" className="px-5 py-2 text-right">
                    Expected
                  </th>
                  <th scope="col" className="px-5 py-2 text-right">
                    Outstanding
                  </th>
                  <th scope="col" className="px-5 py-2 text-right">
                    Rate
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 tabular-nums dark:divide-slate-800">
                {arms.map((arm) => (
                  <tr key={arm.classArmId ?? 'none'}>
                    <th
                      scope="row"
                      className="px-5 py-2 text-left font-medium whitespace-nowrap text-slate-900 dark:text-white"
                    >
                      <Link to={OUTSTANDING} className="hover:underline">
                        {arm.name}
                      </Link>
                    </th>
                    <td className="px-5 py-2 text-right">
                      {arm.enrolled}
                      {arm.capacity !== null && (
                        <span className="text-slate-500 dark:text-slate-400"> / {arm.capacity}</span>
                      )}
                    </td>
                    <td className="px-5 py-2 text-right">{naira(arm.figures.expected)}</td>
                    <td className="px-5 py-2 text-right">{naira(arm.figures.outstanding)}</td>
                    <td className="px-5 py-2 text-right">{formatRate(arm.figures.collectionRate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      )}

      <AcademicOverviewPanel />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ActionGrid title="Principal Actions" actions={ACTIONS} />
        <ActivityList
          title="Recent School Activities"
          items={data.recentActivities}
          emptyText="No activity recorded yet."
          viewAllTo="/audit"
        />
      </div>
    </div>
  );
}
