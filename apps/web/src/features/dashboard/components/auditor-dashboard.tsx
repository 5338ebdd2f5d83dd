import { type AuditEntry, addDays, type AuditorDashboard as Data, relativeTime, todayIn } from '@schoolledger/domain';
import { ArrowRight, FileSearch, KeyRound, OctagonAlert, Scale } from 'lucide-react';
import { Link } from 'react-router';
import { StatCard, StatGrid } from '@/components/dashboard';
import { Badge, type BadgeVariant, Card, CardBody, CardHeader, EmptyState } from '@/components/ui';
import { useAuditorDashboard } from '../api/get-auditor-dashboard';
import { auditLink } from '../lib/activities';
import { DashboardState } from './dashboard-state';

const SEVERITY_BADGES: Record<string, BadgeVariant> = { critical: 'red', high: 'red', medium: 'yellow', low: 'gray' };

function EntryList({ entries, empty }: { entries: readonly AuditEntry[]; empty: string }) {
  const now = new Date();
  if (entries.length === 0) return <EmptyState title={empty} className="py-8" />;
  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800">
      {entries.map((entry) => (
        <li key={entry.id}>
          <Link
            to={auditLink({ entry: entry.id })}
            className="flex items-start gap-3 px-5 py-3 hover:bg-slate-50 dark:hover:bg-slate-800/60"
          >
            <span className="min-w-0 flex-1">
              <span className="block text-sm font-medium text-slate-900 dark:text-white">{entry.summary}</span>
              <span className="block text-xs text-slate-500 dark:text-slate-400">
                {entry.schoolName ?? 'Platform'} · {entry.module} ·{' '}
                <time dateTime={entry.timestamp}>{relativeTime(entry.timestamp, now)}</time>
              </span>
            </span>
            <Badge variant={SEVERITY_BADGES[entry.severity] ?? 'gray'}>{entry.severity}</Badge>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Figure({ label, value, to }: { label: string; value: number; to: string }) {
  return (
    <Link
      to={to}
      className="flex items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm hover:bg-slate-50 dark:hover:bg-slate-800/60"
    >
      <span className="text-slate-600 dark:text-slate-300">{label}</span>
      <span className="flex items-center gap-1 font-semibold text-slate-900 tabular-nums dark:text-white">
        {value.toLocaleString('en-NG')}
        <ArrowRight className="size-4 text-slate-400" aria-hidden="true" />
      </span>
    </Link>
  );
}

/** Issue 14 item 7: the auditor's figures, each counted from the audit trail, sign-ins and payments. */
export default function AuditorDashboard() {
  const query = useAuditorDashboard();
  return <DashboardState query={query}>{(data) => <Board data={data} />}</DashboardState>;
}

function Board({ data }: { data: Data }) {
  const { since } = data;
  const today = todayIn('Africa/Lagos', new Date());
  const money = auditLink({ tab: 'financial', from: since });
  const security = auditLink({ tab: 'security', from: since });

  return (
    <div className="space-y-6">
      <StatGrid>
        <StatCard
          label="Audit Entries"
          value={data.auditEntries.last30Days.toLocaleString('en-NG')}
          hint={`Last 30 days · ${data.auditEntries.total.toLocaleString('en-NG')} in all`}
          to={auditLink({ from: since })}
          icon={FileSearch}
        />
        <StatCard
          label="Critical Issues"
          value={data.criticalIssues.count.toLocaleString('en-NG')}
          hint={`${data.criticalIssues.critical} critical, ${data.criticalIssues.high} high · 30 days`}
          to={auditLink({ severity: data.criticalIssues.critical > 0 ? 'critical' : 'high', from: since })}
          icon={OctagonAlert}
          tone={data.criticalIssues.critical > 0 ? 'rose' : 'slate'}
        />
        <StatCard
          label="Failed sign-ins"
          value={data.security.failedSignIns24h.toLocaleString('en-NG')}
          hint={`Last 24 hours · ${data.security.failedSignIns30d.toLocaleString('en-NG')} in 30 days`}
          to={auditLink({ tab: 'security', from: addDays(today, -1) })}
          icon={KeyRound}
          tone={data.security.failedSignIns24h > 0 ? 'amber' : 'slate'}
        />
        <StatCard
          label="Payment reviews open"
          value={data.paymentReviewsOpen.toLocaleString('en-NG')}
          hint={`${data.disputesOpen} dispute${data.disputesOpen === 1 ? '' : 's'} open`}
          to={money}
          icon={Scale}
          tone={data.paymentReviewsOpen > 0 ? 'amber' : 'slate'}
        />
      </StatGrid>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader
            title="Reconciliation status"
            description="Online payments whose provider record and ours disagree or are still unsettled."
          />
          <CardBody className="space-y-1">
            <Figure label="Open payment reviews" value={data.paymentReviewsOpen} to={money} />
            <Figure label="Payments held in review" value={data.reconciliation.paymentsInReview} to={money} />
            <Figure
              label="Online payments pending over an hour"
              value={data.reconciliation.onlinePendingOverHour}
              to={money}
            />
            <Figure label="Disputes open" value={data.disputesOpen} to={money} />
            <p className="px-3 pt-2 text-xs text-slate-500 dark:text-slate-400">{data.reconciliation.how}</p>
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Security" description={`Since ${since}, Lagos time`} />
          <CardBody className="space-y-1">
            <Figure label="Failed sign-ins (30 days)" value={data.security.failedSignIns30d} to={security} />
            <Figure label="Lockouts (30 days)" value={data.security.lockouts30d} to={security} />
            <Figure label="Locked out now" value={data.security.lockedOutNow} to={security} />
            <Figure label="Password resets (30 days)" value={data.security.passwordResets30d} to={security} />
          </CardBody>
        </Card>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader
            title="Critical Issues"
            description="Entries of severity critical or high in the last 30 days, newest first."
          />
          <EntryList entries={data.criticalIssues.entries} empty="No critical or high entries in 30 days." />
        </Card>
        <Card>
          <CardHeader
            title="Recent Audit Trail"
            actions={
              <Link
                to="/audit"
                className="inline-flex items-center gap-1 text-sm font-medium text-emerald-700 hover:underline dark:text-emerald-300"
              >
                View all <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            }
          />
          <EntryList entries={data.recentAudit} empty="No audit entries yet." />
        </Card>
      </div>
    </div>
  );
}
