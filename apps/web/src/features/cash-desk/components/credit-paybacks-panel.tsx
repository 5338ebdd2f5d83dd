import { type CreditPayback, creditPaybackRejectionSchema, formatKobo } from '@schoolledger/domain';
import { Check, HandCoins, X } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { Button, Card, CardHeader, ConfirmDialog, LoadingState, ReasonDialog } from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { formatDateTime } from '@/lib/dates';
import { useDecideCreditPayback } from '../api/decide-credit-payback';
import { useWaitingPaybacks } from '../api/get-credit-paybacks';

/**
 * Family credit paybacks waiting for a second person: money leaves the school's bank only once
 * someone other than the person who asked approves it. Shown to staff who may refund; the
 * asker sees their own request waiting, without the buttons. Hidden when nothing waits.
 */
export function CreditPaybacksPanel() {
  const waiting = useWaitingPaybacks(true);
  return (
    <QueryState
      query={waiting}
      loading={<LoadingState label="Loading paybacks..." className="py-4" />}
      errorTitle="Failed to load the paybacks waiting for approval"
      isEmpty={(data) => data.paybacks.length === 0}
      empty={null}
    >
      {(data) => <Paybacks paybacks={data.paybacks} />}
    </QueryState>
  );
}

function Paybacks({ paybacks }: { paybacks: readonly CreditPayback[] }) {
  const ownId = useAuthStore((state) => state.user?._id ?? null);
  const decide = useDecideCreditPayback();
  const [approving, setApproving] = useState<CreditPayback | null>(null);
  const [rejecting, setRejecting] = useState<CreditPayback | null>(null);

  return (
    <Card aria-labelledby="credit-paybacks-title">
      <CardHeader
        title={
          <span id="credit-paybacks-title" className="flex items-center gap-2">
            <HandCoins className="size-4 text-amber-600" aria-hidden="true" />
            Credit paybacks waiting for approval
          </span>
        }
        description="Another person approves each before the money is paid back from the school's account."
      />
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">
        {paybacks.map((payback) => {
          const own = payback.requestedBy?._id === ownId;
          return (
            <li
              key={payback._id}
              aria-label={`Payback to ${payback.parent.name}`}
              className="flex flex-col gap-3 px-5 py-4 md:flex-row md:items-center md:justify-between"
            >
              <div className="min-w-0 space-y-0.5">
                <p className="font-medium text-slate-900 dark:text-white">
                  {formatKobo(payback.amount)} to {payback.parent.name}
                  <span className="ml-2 text-sm font-normal text-slate-500 dark:text-slate-400">
                    holds {formatKobo(payback.balance)}
                  </span>
                </p>
                <p className="break-words text-sm text-slate-600 dark:text-slate-300">{payback.reason}</p>
                <p className="text-sm text-slate-500 dark:text-slate-400">
                  Asked by {payback.requestedBy?.name ?? 'a former member of staff'} ·{' '}
                  {formatDateTime(payback.requestedAt)} · {payback.school.name}
                </p>
              </div>
              {own ? (
                <p className="text-sm text-slate-500 md:shrink-0 dark:text-slate-400">
                  Waiting for another person to approve
                </p>
              ) : (
                <div className="flex flex-wrap gap-2 md:shrink-0 md:justify-end">
                  <Button variant="secondary" size="sm" onClick={() => setRejecting(payback)}>
                    <X className="size-4 text-red-600" aria-hidden="true" />
                    Reject
                  </Button>
                  <Button size="sm" onClick={() => setApproving(payback)}>
                    <Check className="size-4" aria-hidden="true" />
                    Approve
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {approving && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && !decide.isPending && setApproving(null)}
          title="Approve credit payback"
          description={`Pay ${formatKobo(approving.amount)} of family credit back to ${approving.parent.name}? Their credit goes down now; pay the money from the school's account.`}
          confirmLabel="Approve payback"
          loading={decide.isPending}
          onConfirm={() =>
            decide.mutate(
              { id: approving._id, decision: { status: 'approved' } },
              { onSettled: () => setApproving(null) },
            )
          }
        />
      )}
      {rejecting && (
        <ReasonDialog
          title="Reject credit payback"
          description={`Reject paying ${formatKobo(rejecting.amount)} back to ${rejecting.parent.name}? The credit stays with the family, and ${rejecting.requestedBy?.name ?? 'the person who asked'} sees your reason.`}
          label="Reason for rejection"
          confirmLabel="Reject payback"
          schema={creditPaybackRejectionSchema}
          pending={decide.isPending}
          onConfirm={(reason) =>
            decide.mutate(
              { id: rejecting._id, decision: { status: 'rejected', reason } },
              { onSuccess: () => setRejecting(null) },
            )
          }
          onClose={() => setRejecting(null)}
        />
      )}
    </Card>
  );
}
