import { AUDIT_MESSAGES } from '@schoolledger/domain';
import { ScrollText } from 'lucide-react';
import { useEffect } from 'react';
import { QueryState } from '@/components/query-state';
import { Card, EmptyState, Pagination, Spinner } from '@/components/ui';
import { useAuditLogs } from '../api/get-audit-logs';
import type { AuditPermissions } from '../lib/permissions';
import { type AuditUrlFilters, isTrailFiltered, trailFilters } from '../lib/use-audit-filters';
import { EntryList } from './entry-list';
import { ExportMenu } from './export-menu';
import { TrailFilters } from './trail-filters';

const PAGE_SIZE = 20;

export interface TrailPanelProps {
  filters: AuditUrlFilters;
  update(changes: Partial<AuditUrlFilters>): void;
  may: AuditPermissions;
}

export function TrailPanel({ filters, update, may }: TrailPanelProps) {
  const apiFilters = trailFilters(filters);
  const logs = useAuditLogs({ ...apiFilters, page: filters.page, limit: PAGE_SIZE });
  const totalPages = logs.data?.pagination.totalPages ?? 0;
  useEffect(() => {
    if (totalPages > 0 && filters.page > totalPages) update({ page: totalPages });
  }, [totalPages, filters.page, update]);
  const filtered = isTrailFiltered(filters);

  const body = (
    <QueryState
      query={logs}
      loading="Loading the audit trail..."
      errorTitle="Could not load the audit trail"
      errorFallback={AUDIT_MESSAGES.trailFailed}
      isEmpty={(data) => data.entries.length === 0}
      empty={
        <Card>
          <EmptyState
            icon={ScrollText}
            title={filtered ? 'No entries found' : 'No entries yet'}
            description={
              filtered
                ? 'Try adjusting your search or filters.'
                : 'Every payment, fee, user and setting change is recorded here as it happens.'
            }
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
            caption="Audit trail entries, newest first"
          />
          <Pagination {...pagination} onPageChange={(page) => update({ page })} />
        </>
      )}
    </QueryState>
  );

  return (
    <div className="space-y-4">
      <TrailFilters
        filters={filters}
        update={update}
        modules={logs.data?.modules ?? []}
        multiSchool={may.multiSchool}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white"
          aria-busy={logs.isFetching}
        >
          {logs.data ? `Entries (${logs.data.pagination.total.toLocaleString('en-NG')})` : 'Entries'}
          {logs.isFetching && !logs.isPending && <Spinner className="text-emerald-600" />}
        </h2>
        <ExportMenu filters={apiFilters} disabled={!logs.data || logs.data.pagination.total === 0} />
      </div>
      {body}
    </div>
  );
}
