import { formatKobo, type StudentDashboard } from '@schoolledger/domain';
import { BookOpen, CalendarCheck, ClipboardList, CreditCard, User, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { ActionGrid, AlertBanner, formatRate, NOT_RECORDED, StatCard, StatGrid } from '@/components/dashboard';
import { buttonClasses, Card, CardHeader, EmptyState } from '@/components/ui';
import { formatDate } from '@/lib/dates';
import { useStudentDashboard } from '../api/get-student-dashboard';
import { naira } from '../lib/finance';
import { DashboardState } from './dashboard-state';
import { MethodList } from './family-methods';
import { FamilyPaymentList } from './family-payments';

/** SPEC §2 student dashboard. On a failed refresh the last good figures stay, under the SPEC box. */
export default function StudentDashboardView() {
  const query = useStudentDashboard();
  return (
    <div className="space-y-6">
      <DashboardState query={query} keepCached>
        {(data) => <Board data={data} />}
      </DashboardState>
    </div>
  );
}

function Board({ data }: { data: StudentDashboard }) {
  const { financial, academic } = data;
  const owing = financial.outstandingFees.length;
  return (
    <>
      {financial.totalOutstanding > 0n && (
        <AlertBanner
          tone="warning"
          title="You have outstanding fees"
          action={{ label: 'Pay Fees Now', to: '/student/fees' }}
        >
          {naira(financial.totalOutstanding)} is still owed on {owing} {owing === 1 ? 'fee' : 'fees'}.
        </AlertBanner>
      )}
      <StatGrid>
        <StatCard
          label="Outstanding Fees"
          value={naira(financial.totalOutstanding)}
          hint={`${naira(financial.totalPaid)} paid so far`}
          to="/student/fees"
          icon={Wallet}
          tone={financial.totalOutstanding > 0n ? 'amber' : 'emerald'}
        />
        <StatCard
          label="Academic Progress"
          value={academic.currentAverage === null ? NOT_RECORDED : formatRate(academic.currentAverage)}
          hint={academicHint(data)}
          icon={BookOpen}
          tone="sky"
        />
        <StatCard
          label="Attendance Rate"
          value={academic.attendanceRate === null ? NOT_RECORDED : formatRate(academic.attendanceRate)}
          hint={academic.termName ?? undefined}
          icon={CalendarCheck}
          tone="violet"
        />
        <StatCard
          label="Assignments"
          value={
            academic.totalAssignments === null
              ? NOT_RECORDED
              : `${academic.completedAssignments ?? 0}/${academic.totalAssignments}`
          }
          hint={academic.totalAssignments === null ? undefined : 'Completed of set'}
          icon={ClipboardList}
          tone="slate"
        />
      </StatGrid>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2" aria-label="Recent Payments">
          <CardHeader
            title="Recent Payments"
            actions={
              <Link
                to="/student/fees"
                className="text-sm font-medium text-emerald-700 hover:underline dark:text-emerald-300"
              >
                View all
              </Link>
            }
          />
          <FamilyPaymentList payments={financial.recentPayments} emptyText="No payments yet" />
        </Card>
        <Card aria-label="Available Payment Methods">
          <CardHeader title="Available Payment Methods" description={data.student.school.name} />
          {data.paymentMethods.length === 0 ? (
            <EmptyState title="Your school has not set up a payment method yet" className="py-8" />
          ) : (
            <MethodList methods={data.paymentMethods} />
          )}
          <div className="border-t border-slate-200 px-5 py-4 dark:border-slate-800">
            <Link to="/student/fees" className={buttonClasses('primary', 'md')}>
              <CreditCard className="size-4" aria-hidden="true" />
              Make Payment
            </Link>
          </div>
        </Card>
      </div>

      {financial.outstandingFees.length > 0 && (
        <Card aria-label="Fees still owed">
          <CardHeader title="Fees still owed" />
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {financial.outstandingFees.map((fee) => (
              <li key={fee._id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3 text-sm">
                <span className="min-w-0">
                  <span className="block font-medium break-words text-slate-900 dark:text-white">{fee.name}</span>
                  <span className="block text-xs text-slate-500 dark:text-slate-400">
                    Due {formatDate(fee.dueDate)}
                  </span>
                </span>
                <span className="font-semibold text-slate-900 tabular-nums dark:text-white">
                  {formatKobo(fee.amount)}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      )}

      <ActionGrid
        title="Student Services"
        actions={[
          {
            label: 'Make Payment',
            description: 'Pay a fee online, by transfer or at the bursary',
            to: '/student/fees',
            icon: CreditCard,
          },
          { label: 'My Profile', description: 'Your details and password', to: '/profile', icon: User, tone: 'sky' },
        ]}
      />
    </>
  );
}

function academicHint({ academic }: StudentDashboard) {
  if (academic.currentAverage === null) return 'Term average from school results';
  const position =
    academic.position !== null && academic.classSize !== null
      ? ` · position ${academic.position} of ${academic.classSize}`
      : '';
  return `${academic.termName ?? 'Term'} average${position}`;
}
