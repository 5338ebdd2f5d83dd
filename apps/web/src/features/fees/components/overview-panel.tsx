import { formatKobo, plural } from '@schoolledger/domain';
import { CheckCircle2, ClipboardCheck, Clock, CreditCard, FileText, Plus, Receipt, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryState } from '@/components/query-state';
import { Button, buttonClasses, Card, CardBody, CardHeader, Spinner } from '@/components/ui';
import { type FeeStatsQuery, useFeeStats } from '../api/get-fee-stats';
import { FEE_MESSAGES } from '../lib/messages';
import type { FeePermissions } from '../lib/permissions';
import { PaymentAnalytics } from './payment-analytics';
import { WhoCreatesFees } from './who-creates-fees';

export interface OverviewPanelProps {
  may: FeePermissions;
  query: FeeStatsQuery;
  pendingCount: number | undefined;
  onCreate(): void;
  onShowApprovals(): void;
}

export function OverviewPanel({ may, query, pendingCount, onCreate, onShowApprovals }: OverviewPanelProps) {
  const stats = useFeeStats(query);

  const statistics = (
    <QueryState
      query={stats}
      loading={
        <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
          <Spinner className="text-emerald-600" />
          {FEE_MESSAGES.loading}
        </p>
      }
      errorTitle={FEE_MESSAGES.statsFailed}
    >
      {(data) => (
        <div className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-4">
          <StatCard icon={Receipt} tone="sky" label="Total Fees" value={formatKobo(data.totalAmount)}>
            {plural(data.totalFees, 'fee')}, {data.activeFees} active
          </StatCard>
          <StatCard icon={CheckCircle2} tone="emerald" label="Approved" value={formatKobo(data.approvedAmount)}>
            {plural(data.approvedFees, 'fee')}
          </StatCard>
          <StatCard icon={Clock} tone="amber" label="Pending Approval" value={formatKobo(data.pendingAmount)}>
            {plural(data.pendingApproval, 'fee')}
          </StatCard>
          <StatCard icon={XCircle} tone="red" label="Rejected" value={String(data.rejectedFees)}>
            {data.rejectedFees === 1 ? 'fee waits for changes' : 'fees wait for changes'}
          </StatCard>
        </div>
      )}
    </QueryState>
  );

  return (
    <div className="space-y-6">
      <section aria-labelledby="fee-statistics" className="space-y-3">
        <h2 id="fee-statistics" className="text-base font-semibold text-slate-900 dark:text-white">
          Fee Statistics
        </h2>
        {statistics}
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        {may.viewPayments && (
          <Card aria-label="Payment Analytics">
            <CardHeader title="Payment Analytics" description="Payments by status and method" />
            <PaymentAnalytics query={query} />
          </Card>
        )}
        <Card>
          <CardHeader title="Quick Actions" />
          <CardBody className="grid gap-3 sm:grid-cols-2">
            {may.manage ? (
              <Button variant="secondary" className="h-auto justify-start py-3" onClick={onCreate}>
                <Plus className="size-4 text-emerald-600" aria-hidden="true" />
                Create Fee
              </Button>
            ) : (
              <WhoCreatesFees may={may} className="sm:col-span-2" />
            )}
            {may.takeCash && (
              <Link to="/bursar/cash-payments" className={`${buttonClasses('secondary')} h-auto justify-start py-3`}>
                <CreditCard className="size-4 text-sky-600" aria-hidden="true" />
                Process Payment
              </Link>
            )}
            <Button variant="secondary" className="h-auto justify-start py-3" onClick={onShowApprovals}>
              <ClipboardCheck className="size-4 text-amber-600" aria-hidden="true" />
              Pending Approvals
              {pendingCount !== undefined && pendingCount > 0 && (
                <span className="ml-auto rounded-full bg-amber-100 px-2 text-xs text-amber-800 dark:bg-amber-500/20 dark:text-amber-300">
                  {pendingCount}
                </span>
              )}
            </Button>
            <Link to="/reports" className={`${buttonClasses('secondary')} h-auto justify-start py-3`}>
              <FileText className="size-4 text-violet-600" aria-hidden="true" />
              View Reports
            </Link>
          </CardBody>
        </Card>
      </div>
    </div>
  );
}

const TONES = {
  sky: 'bg-sky-50 text-sky-600 dark:bg-sky-500/10 dark:text-sky-400',
  emerald: 'bg-emerald-50 text-emerald-600 dark:bg-emerald-500/10 dark:text-emerald-400',
  amber: 'bg-amber-50 text-amber-600 dark:bg-amber-500/10 dark:text-amber-400',
  red: 'bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400',
} as const;

function StatCard({
  icon: Icon,
  tone,
  label,
  value,
  children,
}: {
  icon: typeof Receipt;
  tone: keyof typeof TONES;
  label: string;
  value: string;
  children: ReactNode;
}) {
  return (
    <Card className="flex items-start gap-4 p-5">
      <div className={`rounded-lg p-2.5 ${TONES[tone]}`}>
        <Icon className="size-5" aria-hidden="true" />
      </div>
      <div className="min-w-0">
        <p className="text-sm text-slate-500 dark:text-slate-400">{label}</p>
        <p className="truncate text-xl font-semibold text-slate-900 dark:text-white" title={value}>
          {value}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">{children}</p>
      </div>
    </Card>
  );
}
