import { AUDIT_MESSAGES, type FinancialEntry, formatKobo } from '@schoolledger/domain';
import { Banknote } from 'lucide-react';
import { QueryState } from '@/components/query-state';
import { Card, EmptyState, Pagination } from '@/components/ui';
import { useFinancialTransactions } from '../api/get-financial-transactions';
import type { AuditPermissions } from '../lib/permissions';
import type { AuditUrlFilters } from '../lib/use-audit-filters';
import { EntryList } from './entry-list';
import { RangeFilters } from './range-filters';

const PAGE_SIZE = 20;

/** Every money event of the trail, with counts and recorded amounts per kind of event. */
export function FinancialPanel({
  filters,
  update,
  may,
}: {
  filters: AuditUrlFilters;
  update(changes: Partial<AuditUrlFilters>): void;
  may: AuditPermissions;
}) {
  const events = useFinancialTransactions({
    schoolId: filters.school || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    page: filters.page,
    limit: PAGE_SIZE,
  });

  const body = (
    <QueryState
      query={events}
      loading="Loading money events..."
      errorTitle="Could not load money events"
      errorFallback={AUDIT_MESSAGES.financialFailed}
      isEmpty={(data) => data.entries.length === 0}
      empty={
        <Card>
          <EmptyState
            icon={Banknote}
            title="No money events"
            description="Payments, refunds, transfer confirmations and disputes appear here as they happen."
          />
        </Card>
      }
    >
      {({ entries, pagination, summary }) => (
        <>
          <section
            aria-labelledby="money-summary"
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
          >
            <h3 id="money-summary" className="text-sm font-semibold text-slate-900 dark:text-white">
              {summary.count.toLocaleString('en-NG')} money {summary.count === 1 ? 'event' : 'events'}
            </h3>
            <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {summary.byAction.map((row) => (
                <li key={row.action} className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
                  <p className="text-xs text-slate-500 dark:text-slate-400">{row.label}</p>
                  <p className="text-sm font-semibold text-slate-900 tabular-nums dark:text-white">
                    {row.count.toLocaleString('en-NG')} · {formatKobo(row.amount)}
                  </p>
                </li>
              ))}
            </ul>
            <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
              Amounts are those the entries recorded; entries that recorded none add nothing.
            </p>
          </section>
          <EntryList<FinancialEntry>
            entries={entries}
            onOpen={(entry) => update({ entry: entry.id })}
            showSchool={may.multiSchool}
            caption="Money events, newest first"
            extra={{ header: 'Amount', cell: (entry) => (entry.amount === null ? '—' : formatKobo(entry.amount)) }}
          />
          <Pagination {...pagination} onPageChange={(page) => update({ page })} />
        </>
      )}
    </QueryState>
  );
  return (
    <div className="space-y-4">
      <RangeFilters filters={filters} update={update} multiSchool={may.multiSchool} />
      {body}
    </div>
  );
}
