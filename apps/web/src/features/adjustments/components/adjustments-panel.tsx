import {
  ADJUSTMENT_KIND_LABELS,
  ADJUSTMENT_STATUS_LABELS,
  ADJUSTMENT_STATUSES,
  type Adjustment,
  adjustmentReversalSchema,
  raisesFee,
} from '@schoolledger/domain';
import { CheckCircle2, ListChecks, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FilterBar, SchoolFilter } from '@/components/filters';
import { QueryState } from '@/components/query-state';
import { Button, Card, EmptyState, FormField, Pagination, ReasonDialog, Select, Spinner } from '@/components/ui';
import { useDecideAdjustment } from '../api/decide-adjustment';
import { type AdjustmentListQuery, useAdjustments } from '../api/get-adjustments';
import { useReverseAdjustment } from '../api/reverse-adjustment';
import { adjustmentAmount } from '../lib/format';
import { ADJUSTMENT_MESSAGES } from '../lib/messages';
import type { AdjustmentPermissions } from '../lib/permissions';
import type { AdjustmentFilters } from '../lib/use-adjustment-filters';
import { AdjustmentList } from './adjustment-list';

const PAGE_SIZE = 20;

export interface AdjustmentsPanelProps {
  may: AdjustmentPermissions;
  /** The Awaiting approval tab lists pending ones only and has no filters of its own. */
  pendingOnly: boolean;
  filters: AdjustmentFilters;
  update(changes: Partial<AdjustmentFilters>): void;
  onCreate(): void;
}

type Dialog = { action: 'reject' | 'reverse'; adjustment: Adjustment } | null;

export function AdjustmentsPanel({ may, pendingOnly, filters, update, onCreate }: AdjustmentsPanelProps) {
  const query: AdjustmentListQuery = {
    // Awaiting approval is every school's queue: its count is the tab's badge.
    school_id: pendingOnly ? undefined : filters.school || undefined,
    status: pendingOnly ? 'pending' : filters.status === 'all' ? undefined : filters.status,
    page: filters.page,
    limit: PAGE_SIZE,
  };
  const adjustments = useAdjustments(query);
  const decide = useDecideAdjustment();
  const reverse = useReverseAdjustment();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [approving, setApproving] = useState<string | null>(null);

  // A decision can leave the address past the last page.
  const totalPages = adjustments.data?.pagination.totalPages ?? 0;
  useEffect(() => {
    if (totalPages > 0 && filters.page > totalPages) update({ page: totalPages });
  }, [totalPages, filters.page, update]);

  const approve = (adjustment: Adjustment) => {
    setApproving(adjustment._id);
    decide.mutate({ id: adjustment._id, decision: { status: 'approved' } }, { onSettled: () => setApproving(null) });
  };

  const filtered = !pendingOnly && (filters.status !== 'all' || filters.school !== '');
  const body = (
    <QueryState
      query={adjustments}
      loading="Loading adjustments..."
      errorTitle={ADJUSTMENT_MESSAGES.loadFailed}
      isEmpty={(data) => data.adjustments.length === 0}
      empty={
        <Card>
          <EmptyState
            icon={pendingOnly ? CheckCircle2 : ListChecks}
            title={pendingOnly ? 'Nothing awaiting approval' : filtered ? 'No adjustments found' : 'No adjustments yet'}
            description={
              pendingOnly
                ? 'Every discount, scholarship and waiver recorded has been decided.'
                : filtered
                  ? 'Try another status or school.'
                  : 'Discounts, scholarships, waivers and late fees appear here once recorded.'
            }
          />
        </Card>
      }
    >
      {({ adjustments: rows, pagination }) => (
        <>
          <Card className="overflow-hidden">
            <AdjustmentList
              adjustments={rows}
              may={may}
              approving={approving}
              onApprove={approve}
              onReject={(adjustment) => setDialog({ action: 'reject', adjustment })}
              onReverse={(adjustment) => setDialog({ action: 'reverse', adjustment })}
            />
          </Card>
          <Pagination {...pagination} onPageChange={(page) => update({ page })} />
        </>
      )}
    </QueryState>
  );

  return (
    <div className="space-y-4">
      {!pendingOnly && (
        <FilterBar className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <FormField label="Status">
            <Select
              value={filters.status}
              onChange={(event) => update({ status: event.target.value as AdjustmentFilters['status'] })}
            >
              <option value="all">All statuses</option>
              {ADJUSTMENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {ADJUSTMENT_STATUS_LABELS[status]}
                </option>
              ))}
            </Select>
          </FormField>
          {may.multiSchool && <SchoolFilter value={filters.school} onChange={(school) => update({ school })} />}
        </FilterBar>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
          {pendingOnly ? 'Awaiting approval' : 'Adjustments'}
          {adjustments.data && ` (${adjustments.data.pagination.total})`}
          {adjustments.isFetching && !adjustments.isPending && <Spinner className="text-emerald-600" />}
        </h2>
        {may.manage && (
          <Button onClick={onCreate}>
            <Plus className="size-4" aria-hidden="true" />
            New adjustment
          </Button>
        )}
      </div>
      {body}
      {dialog?.action === 'reject' && (
        <ReasonDialog
          title="Reject adjustment"
          description={
            <p>
              Reject the {ADJUSTMENT_KIND_LABELS[dialog.adjustment.kind].toLowerCase()} of{' '}
              {adjustmentAmount(dialog.adjustment)} on {dialog.adjustment.student.name}'s {dialog.adjustment.fee.name}?
              It will not change what they owe.
            </p>
          }
          label="Reason for rejecting"
          confirmLabel="Reject"
          schema={adjustmentReversalSchema}
          pending={decide.isPending}
          onConfirm={(reason) =>
            decide.mutate(
              { id: dialog.adjustment._id, decision: { status: 'rejected', reason } },
              { onSuccess: () => setDialog(null) },
            )
          }
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.action === 'reverse' && (
        <ReasonDialog
          title="Reverse adjustment"
          description={<ReversalWarning adjustment={dialog.adjustment} />}
          label="Reason for reversing"
          confirmLabel="Reverse"
          schema={adjustmentReversalSchema}
          pending={reverse.isPending}
          onConfirm={(reason) =>
            reverse.mutate({ id: dialog.adjustment._id, reason }, { onSuccess: () => setDialog(null) })
          }
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}

function ReversalWarning({ adjustment }: { adjustment: Adjustment }) {
  const kind = ADJUSTMENT_KIND_LABELS[adjustment.kind].toLowerCase();
  const amount = adjustmentAmount(adjustment);
  return (
    <>
      <p>
        Reverse the {kind} of {amount} on {adjustment.student.name}'s {adjustment.fee.name}?
      </p>
      <p
        role="note"
        className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
      >
        {raisesFee(adjustment.kind)
          ? 'The late fee stops counting: the family will owe that much less.'
          : 'The reduction stops counting: the family will owe that much more, and reminders and statements show the new balance.'}{' '}
        The adjustment stays in the history with your reason; this cannot be undone.
      </p>
    </>
  );
}
