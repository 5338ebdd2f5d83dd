import { type Expense, formatKobo, payoutReversalSchema } from '@schoolledger/domain';
import { ConfirmDialog, ReasonDialog } from '@/components/ui';
import { useTransitionExpense } from '../api/transition-expense';

/** The steps that are confirmed first: approving commits the school's money, the others undo work. */
export type ConfirmedStep = 'approve' | 'reject' | 'reopen' | 'cancel';

export interface StepDialogProps {
  step: ConfirmedStep;
  expense: Pick<Expense, '_id' | 'reference' | 'title' | 'amount' | 'status'>;
  onClose(): void;
}

/** Before a decision the requester withdraws it; after a rejection they revise it. */
export const reopenLabel = (status: Expense['status']) =>
  status === 'rejected' ? 'Reopen as draft' : 'Withdraw to draft';

/*
 * Rejecting and cancelling take a reason with the same rules as reversing a payout, so that
 * request's schema (a single required reason) checks the dialog.
 */
export function StepDialog({ step, expense, onClose }: StepDialogProps) {
  const transition = useTransitionExpense();
  const what = `${expense.reference} “${expense.title}” (${formatKobo(expense.amount)})`;
  const done = { onSuccess: onClose };

  if (step === 'reject' || step === 'cancel') {
    const reject = step === 'reject';
    return (
      <ReasonDialog
        title={reject ? 'Reject expense' : 'Cancel expense'}
        description={
          <p>
            {reject
              ? `Reject ${what}? The requester sees your reason and can revise it as a draft.`
              : `Cancel ${what}? Nothing more can be done on it; it stays on record with your reason.`}
          </p>
        }
        label={reject ? 'Reason for rejecting' : 'Reason for cancelling'}
        confirmLabel={reject ? 'Reject expense' : 'Cancel expense'}
        schema={payoutReversalSchema}
        pending={transition.isPending}
        onConfirm={(reason) => transition.mutate({ id: expense._id, transition: { action: step, reason } }, done)}
        onClose={onClose}
      />
    );
  }

  const label = step === 'approve' ? 'Approve expense' : reopenLabel(expense.status);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && !transition.isPending && onClose()}
      title={label}
      description={
        step === 'approve'
          ? `Approve ${what}? It can then be paid out.`
          : expense.status === 'rejected'
            ? `Take ${what} back to a draft to revise it and submit it again?`
            : `Take ${what} back to a draft? It leaves the approvers' queue until it is submitted again.`
      }
      confirmLabel={label}
      loading={transition.isPending}
      onConfirm={() => transition.mutate({ id: expense._id, transition: { action: step } }, done)}
    />
  );
}
