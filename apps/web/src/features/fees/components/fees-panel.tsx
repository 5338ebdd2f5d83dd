import type { Fee } from '@schoolledger/domain';
import { Plus, Receipt } from 'lucide-react';
import { useEffect, useState } from 'react';
import { QueryState } from '@/components/query-state';
import { Button, Card, ConfirmDialog, EmptyState, Pagination, Spinner } from '@/components/ui';
import { useDeleteFee } from '../api/delete-fee';
import { type FeeListQuery, useFees } from '../api/get-fees';
import { FEE_MESSAGES } from '../lib/messages';
import type { FeePermissions } from '../lib/permissions';
import type { FeeFilters } from '../lib/use-fee-filters';
import { FeeCard } from './fee-card';
import { FeeFiltersBar } from './fee-filters';
import { FeeHistoryDialog } from './fee-history-dialog';
import { WhoCreatesFees } from './who-creates-fees';

const PAGE_SIZE = 12;

export interface FeesPanelProps {
  may: FeePermissions;
  filters: FeeFilters;
  schoolId: string;
  update(changes: Partial<FeeFilters>): void;
  onCreate(): void;
  onEdit(fee: Fee): void;
}

export function FeesPanel({ may, filters, schoolId, update, onCreate, onEdit }: FeesPanelProps) {
  const query: FeeListQuery = {
    school_id: filters.school || undefined,
    term_id: filters.term || undefined,
    status: filters.status,
    search: filters.search || undefined,
    page: filters.page,
    limit: PAGE_SIZE,
  };
  const fees = useFees(query);
  const remove = useDeleteFee();
  const [deleting, setDeleting] = useState<Fee | null>(null);
  const [historyOf, setHistoryOf] = useState<Fee | null>(null);

  // Deleting the last fees of the last page leaves the address past the end.
  const totalPages = fees.data?.pagination.totalPages ?? 0;
  useEffect(() => {
    if (totalPages > 0 && filters.page > totalPages) update({ page: totalPages });
  }, [totalPages, filters.page, update]);

  const filtered = filters.search !== '' || filters.term !== '' || filters.status !== 'all' || filters.school !== '';

  const body = (
    <QueryState
      query={fees}
      loading={FEE_MESSAGES.loading}
      errorTitle={FEE_MESSAGES.loadFailed}
      isEmpty={(data) => data.fees.length === 0}
      empty={
        <Card>
          <EmptyState
            icon={Receipt}
            title="No fees found"
            description={
              filtered ? 'Try adjusting your search or filters.' : 'Fees created for this school appear here.'
            }
          />
        </Card>
      }
    >
      {({ fees: rows, pagination }) => (
        <>
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {rows.map((fee) => (
              <li key={fee._id} className="contents">
                <FeeCard
                  fee={fee}
                  showSchool={may.multiSchool}
                  onHistory={() => setHistoryOf(fee)}
                  onEdit={may.manage ? () => onEdit(fee) : undefined}
                  onDelete={may.manage ? () => setDeleting(fee) : undefined}
                />
              </li>
            ))}
          </ul>
          <Pagination {...pagination} onPageChange={(page) => update({ page })} />
        </>
      )}
    </QueryState>
  );

  return (
    <div className="space-y-4" aria-busy={fees.isFetching}>
      <FeeFiltersBar filters={filters} schoolId={schoolId} update={update} may={may} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
          {fees.data ? `Fees (${fees.data.pagination.total})` : 'Fees'}
          {fees.isFetching && !fees.isPending && <Spinner className="text-emerald-600" />}
        </h2>
        {may.manage ? (
          <Button onClick={onCreate}>
            <Plus className="size-4" aria-hidden="true" />
            Create Fee
          </Button>
        ) : (
          <WhoCreatesFees may={may} className="max-w-md" />
        )}
      </div>
      {body}
      {deleting && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
          title="Delete fee"
          description={`Are you sure you want to delete ${deleting.name}?`}
          confirmLabel="Delete"
          danger
          loading={remove.isPending}
          onConfirm={() => remove.mutate(deleting._id, { onSettled: () => setDeleting(null) })}
        />
      )}
      {historyOf && <FeeHistoryDialog fee={historyOf} onClose={() => setHistoryOf(null)} />}
    </div>
  );
}
