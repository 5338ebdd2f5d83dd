import { type Commitment, formatKobo } from '@schoolledger/domain';
import { CalendarClock, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { QueryState } from '@/components/query-state';
import { Button, Card, CardHeader, ConfirmDialog, EmptyState } from '@/components/ui';
import { useCommitments } from '../api/get-commitments';
import { useRemoveCommitment } from '../api/remove-commitment';
import { scheduleOf } from '../lib/forecast-view';
import { FORECAST_MESSAGES } from '../lib/messages';
import { CommitmentDialog } from './commitment-dialog';

/** What the school pays every month; those who manage the forecast add and remove them. */
export function Commitments({
  schoolId,
  today,
  manages,
}: {
  schoolId: string;
  /** The day the forecast was read: its month is the one a new commitment starts in. */
  today: string;
  manages: boolean;
}) {
  const commitments = useCommitments(schoolId);
  const remove = useRemoveCommitment();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Commitment | null>(null);
  const titleId = useId();

  return (
    <Card className="min-w-0 overflow-hidden" aria-labelledby={titleId}>
      <CardHeader
        title={<span id={titleId}>Monthly commitments</span>}
        description="Salaries, rent and loan repayments the cash flow counts on their day every month."
        actions={
          manages && (
            <Button size="sm" onClick={() => setAdding(true)}>
              <Plus className="size-4" aria-hidden="true" />
              Add commitment
            </Button>
          )
        }
      />
      <QueryState
        query={commitments}
        loading="Loading commitments..."
        errorTitle={FORECAST_MESSAGES.commitmentsFailed}
        errorFrame="p-4"
        isEmpty={(data) => data.commitments.length === 0}
        empty={
          <EmptyState
            icon={CalendarClock}
            title="No monthly commitments yet"
            description={
              manages
                ? 'Add what the school pays every month, such as salaries on the 25th, to see whether collections cover it.'
                : 'Nobody has recorded what the school pays every month yet.'
            }
            className="py-8"
          />
        }
      >
        {(data) => (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {data.commitments.map((commitment) => (
              <li key={commitment._id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-5 py-3">
                <div className="min-w-0 basis-full sm:basis-auto sm:flex-1">
                  <p className="font-medium break-words text-slate-900 dark:text-white">{commitment.label}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-300">{scheduleOf(commitment)}</p>
                </div>
                <span className="flex-1 font-semibold text-slate-900 tabular-nums sm:flex-none dark:text-white">
                  {formatKobo(commitment.amount)}
                </span>
                {manages && (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove ${commitment.label}`}
                    onClick={() => setRemoving(commitment)}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                    <span className="max-sm:sr-only">Remove</span>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {adding && (
        <CommitmentDialog schoolId={schoolId} firstMonth={today.slice(0, 7)} onClose={() => setAdding(false)} />
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setRemoving(null);
        }}
        title="Remove this commitment?"
        description={
          removing &&
          `${removing.label} (${formatKobo(removing.amount)} a month) will no longer be counted in the cash flow.`
        }
        confirmLabel="Remove"
        danger
        loading={remove.isPending}
        onConfirm={() => {
          if (removing) remove.mutate(removing._id, { onSuccess: () => setRemoving(null) });
        }}
      />
    </Card>
  );
}
