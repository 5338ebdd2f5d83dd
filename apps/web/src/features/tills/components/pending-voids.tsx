import { formatKobo, type PaymentVoid, tillVoidRejectInputSchema } from '@schoolledger/domain';
import { type FormEvent, useState } from 'react';
import { QueryState } from '@/components/query-state';
import { Button, Card, CardBody, CardHeader, ConfirmDialog, FormDialog, FormField, Textarea } from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { formatDateTime } from '@/lib/dates';
import { useApproveVoid } from '../api/approve-void';
import { useVoids } from '../api/get-voids';
import { useRejectVoid } from '../api/reject-void';
import { TILL_MESSAGES } from '../lib/messages';

/**
 * Voids waiting for a second person, for those who may approve them: approving pays the money
 * back out of the till and marks the receipt void; rejecting, with a note, leaves the payment.
 */
export function PendingVoids({ schoolId }: { schoolId: string }) {
  const userId = useAuthStore((state) => state.user?._id);
  const voids = useVoids({ school_id: schoolId, status: 'pending' });
  const [approving, setApproving] = useState<PaymentVoid | null>(null);
  const [rejecting, setRejecting] = useState<PaymentVoid | null>(null);
  const approve = useApproveVoid();

  return (
    <Card>
      <CardHeader
        title="Voids waiting for approval"
        description="Cash a bursar took by mistake. Check with them before you approve: the money goes back to the payer from the till."
      />
      <CardBody>
        <QueryState
          query={voids}
          loading="Loading the voids..."
          errorTitle={TILL_MESSAGES.voidsFailed}
          isEmpty={(data) => data.voids.length === 0}
          empty={<p className="text-sm text-slate-600 dark:text-slate-300">No voids are waiting.</p>}
        >
          {(data) => (
            <ul aria-label="Voids waiting for approval" className="divide-y divide-slate-200 dark:divide-slate-800">
              {data.voids.map((row) => (
                <li
                  key={row._id}
                  className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0 space-y-1 text-sm">
                    <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <span className="font-mono font-medium text-slate-900 dark:text-white">
                        {row.receipt_no ?? 'No receipt'}
                      </span>
                      <span className="tabular-nums font-semibold text-slate-900 dark:text-white">
                        {formatKobo(row.amount)}
                      </span>
                      <span className="text-slate-700 dark:text-slate-200">{row.student.name}</span>
                    </p>
                    <p className="break-words text-slate-700 dark:text-slate-200">“{row.reason}”</p>
                    <p className="text-slate-600 dark:text-slate-300">
                      Asked by {row.requested_by.name} at {row.desk}, {formatDateTime(row.requested_at)}
                    </p>
                  </div>
                  {row.requested_by._id === userId ? (
                    <p className="text-sm text-slate-600 dark:text-slate-300">Someone else must decide it.</p>
                  ) : (
                    <div className="flex shrink-0 gap-2 max-sm:[&>*]:flex-1">
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => setRejecting(row)}
                        aria-label={`Reject the void of ${row.receipt_no ?? row.student.name}`}
                      >
                        Reject
                      </Button>
                      <Button
                        size="sm"
                        onClick={() => setApproving(row)}
                        aria-label={`Approve the void of ${row.receipt_no ?? row.student.name}`}
                      >
                        Approve
                      </Button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardBody>
      {approving && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && !approve.isPending && setApproving(null)}
          title={`Approve the void of ${approving.receipt_no ?? 'this payment'}`}
          description={`${formatKobo(approving.amount)} goes back to the payer of ${approving.student.name} from the till, the fee is owed again and the receipt is marked void. This cannot be undone.`}
          confirmLabel="Approve void"
          danger
          loading={approve.isPending}
          onConfirm={() =>
            approve.mutate(
              { tillId: approving.till_id, voidId: approving._id, input: {} },
              { onSettled: () => setApproving(null) },
            )
          }
        />
      )}
      {rejecting && <RejectVoidDialog row={rejecting} onClose={() => setRejecting(null)} />}
    </Card>
  );
}

function RejectVoidDialog({ row, onClose }: { row: PaymentVoid; onClose(): void }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const reject = useRejectVoid();

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = tillVoidRejectInputSchema.shape.note.safeParse(note);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    reject.mutate({ tillId: row.till_id, voidId: row._id, input: { note: checked.data } }, { onSuccess: onClose });
  }

  return (
    <FormDialog
      title={`Reject the void of ${row.receipt_no ?? 'this payment'}`}
      description="The payment stands and stays in the till. Say why, for the bursar who asked."
      submitLabel="Reject void"
      busyLabel="Rejecting..."
      pending={reject.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormField label="Note" required error={error}>
        <Textarea
          value={note}
          maxLength={500}
          rows={3}
          onChange={(event) => {
            setNote(event.target.value);
            setError(undefined);
          }}
        />
      </FormField>
    </FormDialog>
  );
}
