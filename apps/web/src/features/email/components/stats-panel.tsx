import { EMAIL_MESSAGES, type EmailStats } from '@schoolledger/domain';
import { Info, Mail } from 'lucide-react';
import { DateRangeFields, useDateRange } from '@/components/filters';
import { QueryState } from '@/components/query-state';
import { Card, CardBody, CardHeader, EmptyState } from '@/components/ui';
import { formatDateTime } from '@/lib/dates';
import { useEmailStats } from '../api/get-email-stats';
import { EmailStatusBadge } from './email-status-badge';
import { OutboxList } from './outbox-list';

/** Figures from the real outbox rows of the caller's schools (SPEC §2 Statistics), last 30 days by default. */
export function StatsPanel({ canReadOutbox }: { canReadOutbox: boolean }) {
  const { range, setRange, today, invalid } = useDateRange();
  const stats = useEmailStats(range, !invalid);

  let body: React.ReactNode = null;
  if (invalid) body = null;
  else
    body = (
      <QueryState query={stats} loading="Loading email statistics..." errorTitle={EMAIL_MESSAGES.statsFailed}>
        {(data) => <Figures stats={data} />}
      </QueryState>
    );

  return (
    <div className="space-y-6" aria-busy={stats.isFetching}>
      <Card>
        <CardBody className="grid gap-4 sm:grid-cols-2">
          <DateRangeFields range={range} today={today} onChange={setRange} />
        </CardBody>
      </Card>
      {stats.data && !stats.data.smtpConfigured && (
        <div
          role="note"
          className="flex gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-200"
        >
          <Info className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <p>
            No SMTP server is configured, so emails are not sent: they are kept in the outbox below, where you can read
            exactly what would have been sent. Save the SMTP settings on the Configuration tab to start delivering them.
          </p>
        </div>
      )}
      {body}
      {canReadOutbox && <OutboxList />}
    </div>
  );
}

function Tile({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <Card className="p-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums dark:text-white">{value}</p>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{hint}</p>
    </Card>
  );
}

function Figures({ stats }: { stats: EmailStats }) {
  return (
    <>
      <section aria-label="Email totals" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Tile label="Total sent" value={String(stats.totalSent)} hint="Queued in the period" />
        <Tile label="Delivered" value={String(stats.totalDelivered)} hint="Accepted by the mail server" />
        <Tile label="Failed" value={String(stats.totalFailed)} hint="Given up after retries" />
        <Tile label="Delivery rate" value={`${stats.deliveryRate}%`} hint="Bounces are not reported back" />
      </section>
      <Card>
        <CardHeader title="Recent emails" description="The last 10 emails of the period." />
        {stats.recentEmails.length === 0 ? (
          <EmptyState icon={Mail} title="No emails in this period" description="Try a wider date range." />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs text-slate-600 uppercase dark:bg-slate-800/50 dark:text-slate-400">
                <tr>
                  <th scope="col" className="px-5 py-2 font-medium">
                    Recipient and subject
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Status
                  </th>
                  <th scope="col" className="hidden px-5 py-2 font-medium sm:table-cell">
                    Queued
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                {stats.recentEmails.map((email) => (
                  <tr key={email._id}>
                    <td className="max-w-0 px-5 py-2">
                      <span className="block truncate font-medium text-slate-900 dark:text-white">{email.subject}</span>
                      <span className="block truncate text-xs text-slate-600 dark:text-slate-400">{email.to}</span>
                    </td>
                    <td className="px-3 py-2">
                      <EmailStatusBadge status={email.status} />
                    </td>
                    <td className="hidden px-5 py-2 whitespace-nowrap text-slate-600 sm:table-cell dark:text-slate-400">
                      {formatDateTime(email.createdAt)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </>
  );
}
