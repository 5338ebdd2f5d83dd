import { formatKobo, type ParentChild } from '@schoolledger/domain';
import { ArrowLeft, BookOpen, CalendarCheck, Receipt, Wallet } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { formatRate, NOT_RECORDED, StatCard, StatGrid } from '@/components/dashboard';
import { Badge, buttonClasses, Card, CardHeader, EmptyState, ErrorBanner, PageHeader } from '@/components/ui';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { useParentChild } from '../api/get-parent-child';
import { DashboardState } from '../components/dashboard-state';
import { FamilyPaymentList } from '../components/family-payments';
import { naira } from '../lib/finance';
import { payFeesPath } from '../lib/paths';

/** A parent's report on one child: fees with what is owed, payments and the school's results. */
export default function ParentChildPage() {
  const id = useParams().id ?? '';
  const query = useParentChild(id);
  const child = query.isSuccess ? query.data.child : null;
  // A child who is not the parent's (or no longer exists) is not found: asking again would not help.
  const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 422);
  return (
    <>
      <PageHeader
        title={child?.name ?? 'Child report'}
        description={
          child && `${child.classArm ?? 'Not assigned'} · ${child.school.name}${child.regNo ? ` · ${child.regNo}` : ''}`
        }
        actions={
          <>
            <Link to="/dashboard" className={buttonClasses('ghost', 'sm')}>
              <ArrowLeft className="size-4" aria-hidden="true" />
              Dashboard
            </Link>
            {child && (
              <Link to={payFeesPath(child._id)} className={buttonClasses('primary', 'sm')}>
                Pay Fees
              </Link>
            )}
          </>
        }
      />
      {missing ? (
        <ErrorBanner title="Child not found">{errorMessage(query.error, 'Failed to fetch child details')}</ErrorBanner>
      ) : (
        <DashboardState query={query} fallback="Failed to fetch child details">
          {(data) => <Report data={data} />}
        </DashboardState>
      )}
    </>
  );
}

function Report({ data }: { data: ParentChild }) {
  const { child, summary, academic } = data;
  const owed = data.fees.filter((item) => item.outstanding > 0n);
  return (
    <div className="space-y-6">
      <StatGrid>
        <StatCard
          label="Outstanding Fees"
          value={naira(summary.totalOutstanding)}
          hint={`${owed.length} ${owed.length === 1 ? 'fee' : 'fees'} still owed`}
          to={payFeesPath(child._id)}
          icon={Wallet}
          tone={summary.totalOutstanding > 0n ? 'amber' : 'emerald'}
        />
        <StatCard label="Total Paid" value={naira(summary.totalPaid)} hint="Net of refunds" icon={Receipt} />
        <StatCard
          label="Term Average"
          value={academic?.average == null ? NOT_RECORDED : formatRate(academic.average)}
          hint={
            academic?.position != null && academic.classSize != null
              ? `Position ${academic.position} of ${academic.classSize}`
              : (academic?.termName ?? undefined)
          }
          icon={BookOpen}
          tone="sky"
        />
        <StatCard
          label="Attendance Rate"
          value={academic?.attendance?.rate == null ? NOT_RECORDED : formatRate(academic.attendance.rate)}
          hint={
            academic?.attendance
              ? `${academic.attendance.daysPresent} of ${academic.attendance.totalDays} days`
              : undefined
          }
          icon={CalendarCheck}
          tone="violet"
        />
      </StatGrid>

      <Card aria-label="Fees still owed">
        <CardHeader title="Fees still owed" description="From every term that has started" />
        {owed.length === 0 ? (
          <EmptyState title="Nothing owed" className="py-8" />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[32rem] text-sm">
              <caption className="sr-only">Fees still owed</caption>
              <thead className="text-left text-xs text-slate-500 uppercase dark:text-slate-400">
                <tr>
                  <th scope="col" className="px-5 py-2 font-medium">
                    Fee
                  </th>
                  <th scope="col" className="px-5 py-2 font-medium">
                    Due
                  </th>
                  <th scope="col" className="px-5 py-2 text-right font-medium">
                    Amount
                  </th>
                  <th scope="col" className="px-5 py-2 text-right font-medium">
                    Paid
                  </th>
                  <th scope="col" className="px-5 py-2 text-right font-medium">
                    Outstanding
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {owed.map((item) => (
                  <tr key={item.fee._id}>
                    <th scope="row" className="px-5 py-2 text-left font-medium text-slate-900 dark:text-white">
                      {item.fee.name}
                      {item.fee.term && (
                        <span className="block text-xs font-normal text-slate-500">{item.fee.term.name}</span>
                      )}
                    </th>
                    <td className="px-5 py-2">{formatDate(item.dueDate)}</td>
                    <td className="px-5 py-2 text-right tabular-nums">{formatKobo(item.amountDue)}</td>
                    <td className="px-5 py-2 text-right tabular-nums">{formatKobo(item.amountPaid)}</td>
                    <td className="px-5 py-2 text-right font-semibold tabular-nums">{formatKobo(item.outstanding)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card aria-label="Payments">
          <CardHeader title="Payments" />
          <FamilyPaymentList payments={data.payments} emptyText="No payments yet" />
        </Card>
        <Card aria-label="Results">
          <CardHeader
            title="Results"
            description={academic?.termName}
            actions={
              academic && academic.subjects.length > 0 && <Badge variant="blue">{academic.subjects.length}</Badge>
            }
          />
          {!academic || academic.subjects.length === 0 ? (
            <EmptyState
              title={NOT_RECORDED}
              description="The school has not recorded results for this child."
              className="py-8"
            />
          ) : (
            <table className="w-full text-sm">
              <caption className="sr-only">Subject scores</caption>
              <thead className="text-left text-xs text-slate-500 uppercase dark:text-slate-400">
                <tr>
                  <th scope="col" className="px-5 py-2 font-medium">
                    Subject
                  </th>
                  <th scope="col" className="px-5 py-2 text-right font-medium">
                    Score
                  </th>
                  <th scope="col" className="px-5 py-2 text-right font-medium">
                    Grade
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {academic.subjects.map((subject) => (
                  <tr key={subject.name}>
                    <th scope="row" className="px-5 py-2 text-left font-medium">
                      {subject.name}
                    </th>
                    <td className="px-5 py-2 text-right tabular-nums">{subject.score ?? '—'}</td>
                    <td className="px-5 py-2 text-right">{subject.grade ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>
      </div>
    </div>
  );
}
