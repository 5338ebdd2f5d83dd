import { AUDIT_MESSAGES } from '@schoolledger/domain';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { Card, CardHeader, EmptyState, Pagination } from '@/components/ui';
import { formatDateTime } from '@/lib/dates';
import { useFailedLogins } from '../api/get-failed-logins';
import { useSecurityEvents } from '../api/get-security-events';
import type { AuditPermissions } from '../lib/permissions';
import type { AuditUrlFilters } from '../lib/use-audit-filters';
import { EntryList } from './entry-list';
import { RangeFilters } from './range-filters';

const PAGE_SIZE = 10;

type Filters = AuditUrlFilters;

const SECURITY_FAILED = 'Could not load security data';

/** Paged on its own: the address's page belongs to the events above. */
function FailedSignIns({ filters, showSchool }: { filters: Filters; showSchool: boolean }) {
  const [page, setPage] = useState(1);
  const range = { schoolId: filters.school || undefined, from: filters.from || undefined, to: filters.to || undefined };
  const attempts = useFailedLogins({ ...range, page, limit: PAGE_SIZE });
  return (
    <QueryState
      query={attempts}
      loading="Loading failed sign-ins..."
      errorTitle={SECURITY_FAILED}
      errorFallback={AUDIT_MESSAGES.securityFailed}
      isEmpty={(data) => data.attempts.length === 0}
      empty={
        <EmptyState icon={ShieldCheck} title="No failed sign-ins" description="Nobody was refused in this period." />
      }
    >
      {({ attempts: rows, pagination }) => (
        <>
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {rows.map((attempt) => (
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
      )}
    </QueryState>
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
  const body = (
    <QueryState
      query={events}
      loading="Loading security events..."
      errorTitle={SECURITY_FAILED}
      errorFallback={AUDIT_MESSAGES.securityFailed}
      isEmpty={(data) => data.entries.length === 0}
      empty={
        <Card>
          <EmptyState
            icon={ShieldAlert}
            title="No security events"
            description="Password changes, resets, sign-ins and settings changes appear here."
          />
        </Card>
      }
    >
      {({ entries, pagination }) => (
        <>
          <EntryList
            entries={entries}
            onOpen={(entry) => update({ entry: entry.id })}
            showSchool={may.multiSchool}
            caption="Security events, newest first"
          />
          <Pagination {...pagination} onPageChange={(page) => update({ page })} />
        </>
      )}
    </QueryState>
  );
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
