import { AUDIT_MESSAGES } from '@schoolledger/domain';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Card, CardHeader, EmptyState, LoadingState, Pagination } from '@/components/ui';
import { formatDateTime } from '@/lib/dates';
import { useFailedLogins } from '../api/get-failed-logins';
import { useSecurityEvents } from '../api/get-security-events';
import type { AuditPermissions } from '../lib/permissions';
import type { AuditUrlFilters } from '../lib/use-audit-filters';
import { EntryList } from './entry-list';
import { LoadFailure } from './load-failure';
import { RangeFilters } from './range-filters';

const PAGE_SIZE = 10;

type Filters = AuditUrlFilters;

function Failure({ error, retry }: { error: unknown; retry(): void }) {
  return (
    <LoadFailure
      title="Could not load security data"
      error={error}
      fallback={AUDIT_MESSAGES.securityFailed}
      retry={retry}
    />
  );
}

/** Paged on its own: the address's page belongs to the events above. */
function FailedSignIns({ filters, showSchool }: { filters: Filters; showSchool: boolean }) {
  const [page, setPage] = useState(1);
  const range = { schoolId: filters.school || undefined, from: filters.from || undefined, to: filters.to || undefined };
  const attempts = useFailedLogins({ ...range, page, limit: PAGE_SIZE });
  if (attempts.isPending) return <LoadingState label="Loading failed sign-ins..." />;
  if (attempts.isError) return <Failure error={attempts.error} retry={() => attempts.refetch()} />;
  if (attempts.data.attempts.length === 0) {
    return (
      <EmptyState icon={ShieldCheck} title="No failed sign-ins" description="Nobody was refused in this period." />
    );
  }
  const { pagination } = attempts.data;
  return (
    <>
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">
        {attempts.data.attempts.map((attempt) => (
          <li key={attempt.id} className="grid gap-1 px-5 py-3 text-sm sm:grid-cols-[1fr_auto]">
            <div className="min-w-0">
              <p className="font-medium break-all text-slate-900 dark:text-white">{attempt.email}</p>
              <p className="text-xs break-words text-slate-500 dark:text-slate-400">
                {attempt.reason?.replaceAll('_', ' ') ?? 'refused'} · {attempt.ipAddress ?? 'unknown address'}
                {showSchool && attempt.schoolName ? ` · ${attempt.schoolName}` : ''}
              </p>
              {attempt.userAgent && (
                <p className="truncate text-xs text-slate-500 dark:text-slate-400" title={attempt.userAgent}>
                  {attempt.userAgent}
                </p>
              )}
            </div>
            <p className="text-xs whitespace-nowrap text-slate-500 sm:text-right">
              {formatDateTime(attempt.timestamp)}
            </p>
          </li>
        ))}
      </ul>
      <Pagination className="px-5 pb-4" {...pagination} onPageChange={setPage} />
    </>
  );
}

/** Security entries of the trail, then the refused sign-ins (with address and browser). */
export function SecurityPanel({
  filters,
  update,
  may,
}: {
  filters: Filters;
  update(changes: Partial<Filters>): void;
  may: AuditPermissions;
}) {
  const events = useSecurityEvents({
    schoolId: filters.school || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    page: filters.page,
    limit: PAGE_SIZE,
  });
  let body: React.ReactNode;
  if (events.isPending) body = <LoadingState label="Loading security events..." />;
  else if (events.isError) body = <Failure error={events.error} retry={() => events.refetch()} />;
  else if (events.data.entries.length === 0) {
    body = (
      <Card>
        <EmptyState
          icon={ShieldAlert}
          title="No security events"
          description="Password changes, resets, sign-ins and settings changes appear here."
        />
      </Card>
    );
  } else {
    const { pagination } = events.data;
    body = (
      <>
        <EntryList
          entries={events.data.entries}
          onOpen={(entry) => update({ entry: entry.id })}
          showSchool={may.multiSchool}
          caption="Security events, newest first"
        />
        <Pagination {...pagination} onPageChange={(page) => update({ page })} />
      </>
    );
  }
  return (
    <div className="space-y-4">
      <RangeFilters filters={filters} update={update} multiSchool={may.multiSchool} />
      <h2 className="text-base font-semibold text-slate-900 dark:text-white">Security events</h2>
      {body}
      <Card>
        <CardHeader
          title="Failed sign-ins"
          description="Refused attempts with the email tried, the address and the browser."
        />
        {/* Other dates or another school are another list, which starts on its first page. */}
        <FailedSignIns
          key={`${filters.school}|${filters.from}|${filters.to}`}
          filters={filters}
          showSchool={may.multiSchool}
        />
      </Card>
    </div>
  );
}
