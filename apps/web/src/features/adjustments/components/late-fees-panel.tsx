import { formatKobo, formatPercent, type LateFeePolicy, plural } from '@schoolledger/domain';
import { CalendarClock, Pencil, Plus, School, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { FilterBar, SchoolFilter } from '@/components/filters';
import { QueryState } from '@/components/query-state';
import { Badge, Button, Card, CardHeader, ConfirmDialog, EmptyState } from '@/components/ui';
import { useDeleteLateFeePolicy } from '../api/delete-late-fee-policy';
import { useLateFeePolicies } from '../api/get-late-fee-policies';
import { ADJUSTMENT_MESSAGES } from '../lib/messages';
import type { AdjustmentPermissions } from '../lib/permissions';
import type { AdjustmentFilters } from '../lib/use-adjustment-filters';
import { LateFeeFormDialog } from './late-fee-form-dialog';

/** '₦500.00' or '2.5% of the fee', then how often and up to what. */
function charge(policy: LateFeePolicy) {
  const each =
    policy.basis === 'percent' && policy.percent !== null
      ? `${formatPercent(policy.percent)} of the fee`
      : policy.amount === null
        ? '—'
        : formatKobo(policy.amount);
  return policy.repeat === 'monthly' ? `${each} each month` : `${each} once`;
}

export interface LateFeesPanelProps {
  may: AdjustmentPermissions;
  filters: AdjustmentFilters;
  update(changes: Partial<AdjustmentFilters>): void;
}

type Editing = { policy?: LateFeePolicy } | null;

export function LateFeesPanel({ may, filters, update }: LateFeesPanelProps) {
  const schoolId = may.multiSchool ? filters.school : (may.me?.school?._id ?? '');
  const policies = useLateFeePolicies(schoolId);
  const remove = useDeleteLateFeePolicy();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<LateFeePolicy | null>(null);

  const list = policies.data?.policies ?? [];
  const schoolDefault = list.find((policy) => policy.fee === null);
  const perFee = list.filter((policy) => policy.fee !== null);

  let body: ReactNode;
  if (!schoolId) {
    body = (
      <Card>
        <EmptyState icon={School} title="Select a school" description="Late fees are set per school." />
      </Card>
    );
  } else {
    const actions = (policy: LateFeePolicy) =>
      may.manage && (
        <div className="flex gap-1">
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Edit late fee of ${policy.fee?.name ?? 'the school'}`}
            onClick={() => setEditing({ policy })}
          >
            <Pencil className="size-4" aria-hidden="true" />
            Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Delete late fee of ${policy.fee?.name ?? 'the school'}`}
            onClick={() => setDeleting(policy)}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            Delete
          </Button>
        </div>
      );
    body = (
      <QueryState query={policies} loading="Loading late fees..." errorTitle={ADJUSTMENT_MESSAGES.policiesFailed}>
        {() => (
          <>
            <Card>
              <CardHeader
                title="School default"
                description="Charged on every overdue fee without a late fee of its own."
                actions={schoolDefault && actions(schoolDefault)}
              />
              {schoolDefault ? (
                <PolicyFigures policy={schoolDefault} />
              ) : (
                <EmptyState
                  icon={CalendarClock}
                  title="No default late fee"
                  description="Overdue fees of this school add nothing unless a fee has a late fee of its own."
                  className="py-8"
                />
              )}
            </Card>
            <Card>
              <CardHeader title="Fees with their own late fee" description={plural(perFee.length, 'fee')} />
              {perFee.length === 0 ? (
                <EmptyState
                  icon={CalendarClock}
                  title="None"
                  description="Every fee follows the school default."
                  className="py-8"
                />
              ) : (
                <ul className="divide-y divide-slate-200 dark:divide-slate-800">
                  {perFee.map((policy) => (
                    <li key={policy._id} className="flex flex-wrap items-start justify-between gap-3 px-5 py-4">
                      <div className="min-w-0">
                        <p className="font-medium text-slate-900 dark:text-white">{policy.fee?.name}</p>
                        <PolicySummary policy={policy} />
                      </div>
                      {actions(policy)}
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </>
        )}
      </QueryState>
    );
  }

  return (
    <div className="space-y-4">
      {may.multiSchool && (
        <FilterBar className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <SchoolFilter value={filters.school} onChange={(school) => update({ school })} emptyLabel="Select a school" />
        </FilterBar>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900 dark:text-white">Late fees</h2>
        {may.manage && schoolId && (
          <Button onClick={() => setEditing({})}>
            <Plus className="size-4" aria-hidden="true" />
            Set a late fee
          </Button>
        )}
      </div>
      {body}
      {editing && (
        <LateFeeFormDialog
          schoolId={schoolId}
          policy={editing.policy}
          hasDefault={Boolean(schoolDefault)}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
          title="Delete late fee"
          description={`${
            deleting.fee
              ? `Remove the late fee of ${deleting.fee.name}? It will follow the school default.`
              : 'Remove the school default? Overdue fees without a late fee of their own will add nothing.'
          } One that has already charged a student cannot be deleted: edit it and untick Active instead.`}
          confirmLabel="Delete"
          danger
          loading={remove.isPending}
          onConfirm={() => remove.mutate(deleting._id, { onSettled: () => setDeleting(null) })}
        />
      )}
    </div>
  );
}

function PolicySummary({ policy }: { policy: LateFeePolicy }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
      <span>{charge(policy)}</span>
      <span aria-hidden="true">·</span>
      <span>after {plural(policy.graceDays, 'day')} of grace</span>
      {policy.cap !== null && (
        <>
          <span aria-hidden="true">·</span>
          <span>at most {formatKobo(policy.cap)}</span>
        </>
      )}
      {!policy.isActive && <Badge>Off</Badge>}
    </p>
  );
}

function PolicyFigures({ policy }: { policy: LateFeePolicy }) {
  return (
    <dl className="grid gap-4 px-5 py-4 text-sm sm:grid-cols-4">
      <div>
        <dt className="text-slate-500 dark:text-slate-400">Charge</dt>
        <dd className="font-medium text-slate-900 dark:text-white">{charge(policy)}</dd>
      </div>
      <div>
        <dt className="text-slate-500 dark:text-slate-400">Grace period</dt>
        <dd className="font-medium text-slate-900 dark:text-white">{plural(policy.graceDays, 'day')}</dd>
      </div>
      <div>
        <dt className="text-slate-500 dark:text-slate-400">Cap</dt>
        <dd className="font-medium text-slate-900 dark:text-white">
          {policy.cap === null ? 'None' : formatKobo(policy.cap)}
        </dd>
      </div>
      <div>
        <dt className="text-slate-500 dark:text-slate-400">Status</dt>
        <dd>
          <Badge variant={policy.isActive ? 'green' : 'gray'}>{policy.isActive ? 'Active' : 'Off'}</Badge>
        </dd>
      </div>
    </dl>
  );
}
