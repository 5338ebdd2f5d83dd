import type { Fee } from '@schoolledger/domain';
import { Plus, Receipt } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  ErrorBanner,
  LoadingState,
  Pagination,
  Spinner,
} from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
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

  let body: React.ReactNode;
  if (fees.isPending) {
    body = <LoadingState label={FEE_MESSAGES.loading} />;
  } else if (fees.isError) {
    body = (
      <ErrorBanner title={FEE_MESSAGES.loadFailed}>
        <p>{errorMessage(fees.error, 'Please check your connection and try again.')}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => fees.refetch()}>
          Retry
        </Button>
      </ErrorBanner>
    );
  } else if (fees.data.fees.length === 0) {
    body = (
      <Card>
        <EmptyState
          icon={Receipt}
          title="No fees found"
          description={filtered ? 'Try adjusting your search or filters.' : 'Fees created for this school appear here.'}
        />
      </Card>
    );
  } else {
    const { pagination } = fees.data;
    body = (
      <>
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {fees.data.fees.map((fee) => (
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
    );
  }

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
