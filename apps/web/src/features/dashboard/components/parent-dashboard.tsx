import { formatKobo, type ParentChildCard, type ParentDashboard } from '@schoolledger/domain';
import {
  Bell,
  BookOpen,
  CalendarCheck,
  CreditCard,
  GraduationCap,
  ShieldCheck,
  User,
  Users,
  Wallet,
} from 'lucide-react';
import { Link } from 'react-router';
import { ActionGrid, AlertBanner, formatRate, NOT_RECORDED, StatCard, StatGrid } from '@/components/dashboard';
import { buttonClasses, Card, CardHeader, EmptyState } from '@/components/ui';
import { formatDate } from '@/lib/dates';
import { useParentDashboard } from '../api/get-parent-dashboard';
import { naira } from '../lib/finance';
import { childReportPath, payFeesPath } from '../lib/paths';
import { DashboardState } from './dashboard-state';
import { FamilyPaymentList } from './family-payments';

const rateOr = (rate: number | null) => (rate === null ? NOT_RECORDED : formatRate(rate));

/** SPEC §2 parent dashboard: the family's totals, the next fee due and a card per child. */
export default function ParentDashboardView() {
  const query = useParentDashboard();
  return (
    <DashboardState query={query}>
      {(data) =>
        data.children.length === 0 ? (
          <Card>
            <EmptyState
              icon={Users}
              title="No children linked yet"
              description="Ask the school to link your children to your account; they will then appear here."
            />
          </Card>
        ) : (
          <Board data={data} />
        )
      }
    </DashboardState>
  );
}

function Board({ data }: { data: ParentDashboard }) {
  const { overallSummary: summary, paymentReminder: reminder } = data;
  return (
    <div className="space-y-6">
      {reminder && (
        <AlertBanner
          tone={reminder.overdue ? 'danger' : 'warning'}
          title="Payment Reminder"
          action={{ label: 'Pay Fees', to: payFeesPath(reminder.childId) }}
        >
          {reminder.childName}: {reminder.feeName}, {formatKobo(reminder.amount)} {reminder.overdue ? 'was due' : 'due'}{' '}
          {formatDate(reminder.dueDate)}.
        </AlertBanner>
      )}
      <StatGrid>
        <StatCard label="Children Enrolled" value={summary.totalChildren} hint="Linked to your account" icon={Users} />
        <StatCard
          label="Outstanding Fees"
          value={naira(summary.totalOutstanding)}
          hint={`${naira(summary.totalPaid)} paid so far`}
          to="/student/fees"
          icon={Wallet}
          tone={summary.totalOutstanding > 0n ? 'amber' : 'emerald'}
        />
        <StatCard
          label="Average Performance"
          value={rateOr(summary.averagePerformance)}
          hint="Term averages from school results"
          icon={BookOpen}
          tone="sky"
        />
        <StatCard
          label="Attendance Rate"
          value={rateOr(summary.averageAttendance)}
          hint="Across your children"
          icon={CalendarCheck}
          tone="violet"
        />
      </StatGrid>

      <section aria-labelledby="children-heading" className="space-y-3">
        <h2 id="children-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Your children
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          {data.children.map((child) => (
            <ChildCard key={child._id} child={child} />
          ))}
        </div>
      </section>

      {/* One column of the phone's width (minmax 0), so a wide table scrolls in its card, not the page. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card aria-label="Total Fee Summary">
          <CardHeader title="Total Fee Summary" />
          <div className="overflow-x-auto">
            <table className="w-full text-xs sm:text-sm">
              <caption className="sr-only">Outstanding and paid per child</caption>
              <thead className="text-left text-xs text-slate-500 uppercase dark:text-slate-400">
                <tr>
                  <th scope="col" className="px-3 py-2 sm:px-5 font-medium">
                    Child
                  </th>
                  <th scope="col" className="px-3 py-2 sm:px-5 text-right font-medium">
                    Outstanding
                  </th>
                  <th scope="col" className="px-3 py-2 sm:px-5 text-right font-medium">
                    Paid
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {data.children.map((child) => (
                  <tr key={child._id}>
                    <th scope="row" className="px-3 py-2 sm:px-5 text-left font-medium text-slate-900 dark:text-white">
                      {child.name}
                    </th>
                    <td className="px-3 py-2 sm:px-5 text-right tabular-nums">{naira(child.totalOutstanding)}</td>
                    <td className="px-3 py-2 sm:px-5 text-right tabular-nums">{naira(child.totalPaid)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t border-slate-200 font-semibold dark:border-slate-700">
                <tr>
                  <th scope="row" className="px-3 py-2 sm:px-5 text-left">
                    Total
                  </th>
                  <td className="px-3 py-2 sm:px-5 text-right tabular-nums" data-testid="family-outstanding">
                    {naira(summary.totalOutstanding)}
                  </td>
                  <td className="px-3 py-2 sm:px-5 text-right tabular-nums">{naira(summary.totalPaid)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        </Card>
        <Card aria-label="Recent Payments">
          <CardHeader title="Recent Payments" />
          <FamilyPaymentList payments={data.recentPayments} showChild emptyText="No payments yet" />
        </Card>
      </div>

      <ActionGrid
        title="Parent Services"
        actions={[
          { label: 'Pay School Fees', description: "Pay a child's fees", to: '/student/fees', icon: CreditCard },
          {
            label: 'Notifications',
            description: 'Notices from the school',
            to: '/notifications',
            icon: Bell,
            tone: 'sky',
          },
          { label: 'My Profile', description: 'Your details and password', to: '/profile', icon: User, tone: 'violet' },
          {
            label: 'Verify a Receipt',
            description: 'Check a receipt the school gave you',
            to: '/verify',
            icon: ShieldCheck,
            tone: 'slate',
          },
        ]}
      />
    </div>
  );
}

function ChildCard({ child }: { child: ParentChildCard }) {
  return (
    <Card aria-label={child.name} className="flex flex-col">
      <div className="flex items-start gap-3 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
        <span className="rounded-lg bg-emerald-50 p-2 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300">
          <GraduationCap className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-slate-900 dark:text-white">{child.name}</h3>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {child.classArm ?? 'Not assigned'} · {child.school.name}
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 px-5 py-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Outstanding</dt>
          <dd className="font-semibold text-slate-900 tabular-nums dark:text-white" data-testid="child-outstanding">
            {naira(child.totalOutstanding)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Performance</dt>
          <dd className="font-semibold text-slate-900 dark:text-white">{rateOr(child.academic.currentAverage)}</dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Attendance</dt>
          <dd className="font-semibold text-slate-900 dark:text-white">{rateOr(child.academic.attendanceRate)}</dd>
        </div>
      </dl>
      <div className="flex-1 border-t border-slate-100 dark:border-slate-800">
        <FamilyPaymentList payments={child.recentPayments} emptyText="No payments yet" />
      </div>
      <div className="flex flex-wrap gap-2 border-t border-slate-200 px-5 py-3 dark:border-slate-800">
        <Link to={payFeesPath(child._id)} className={buttonClasses('primary', 'sm')}>
          Pay Fees
        </Link>
        <Link to={childReportPath(child._id)} className={buttonClasses('secondary', 'sm')}>
          View Report
        </Link>
      </div>
    </Card>
  );
}
