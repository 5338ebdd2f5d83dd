import { type ExpenseDetail, expenseTransition, isExpenseEditable } from '@schoolledger/domain';
import { Ban, Check, Pencil, Send, Undo2, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui';
import { useTransitionExpense } from '../api/transition-expense';
import { EXPENSE_MESSAGES } from '../lib/messages';
import type { ExpensePermissions } from '../lib/permissions';
import { ExpenseFormDialog } from './expense-form-dialog';
import { type ConfirmedStep, reopenLabel, StepDialog } from './step-dialog';

/** What the caller may do on the request now, as the server would allow it. */
export function expenseAbilities(expense: ExpenseDetail, may: ExpensePermissions) {
  const allowed = (action: Parameters<typeof expenseTransition>[1]) =>
    expenseTransition(expense.status, action) !== null;
  const own = may.isOwn(expense);
  const waitsForProprietor = expense.needsProprietor && !may.approvesAnyAmount;
  const decides = may.approve && allowed('approve');
  return {
    edit: may.manage && isExpenseEditable(expense.status),
    submit: may.manage && allowed('submit'),
    reopen: may.manage && allowed('reopen'),
    cancel: may.manage && allowed('cancel'),
    decide: decides && !own && !waitsForProprietor,
    /** Why an approver sees no Approve button on a pending request. */
    ownNote: decides && own,
    proprietorNote: expense.status === 'pending_approval' && waitsForProprietor,
  };
}

export function ExpenseActions({ expense, may }: { expense: ExpenseDetail; may: ExpensePermissions }) {
  const can = expenseAbilities(expense, may);
  const transition = useTransitionExpense();
  const [step, setStep] = useState<ConfirmedStep | null>(null);
  const [editing, setEditing] = useState(false);

  const buttons: ReactNode[] = [];
  if (can.decide)
    buttons.push(
      <Button key="approve" onClick={() => setStep('approve')}>
        <Check className="size-4" aria-hidden="true" />
        Approve
      </Button>,
      <Button key="reject" variant="secondary" onClick={() => setStep('reject')}>
        <X className="size-4" aria-hidden="true" />
        Reject
      </Button>,
    );
  if (can.submit)
    buttons.push(
      <Button
        key="submit"
        loading={transition.isPending}
        onClick={() => transition.mutate({ id: expense._id, transition: { action: 'submit' } })}
      >
        {!transition.isPending && <Send className="size-4" aria-hidden="true" />}
        Submit for approval
      </Button>,
    );
  if (can.edit)
    buttons.push(
      <Button key="edit" variant="secondary" onClick={() => setEditing(true)}>
        <Pencil className="size-4" aria-hidden="true" />
        Edit
      </Button>,
    );
  if (can.reopen)
    buttons.push(
      <Button key="reopen" variant="secondary" onClick={() => setStep('reopen')}>
        <Undo2 className="size-4" aria-hidden="true" />
        {reopenLabel(expense.status)}
      </Button>,
    );
  if (can.cancel)
    buttons.push(
      <Button key="cancel" variant="secondary" onClick={() => setStep('cancel')}>
        <Ban className="size-4" aria-hidden="true" />
        Cancel expense
      </Button>,
    );

  if (buttons.length === 0) return null;
  return (
    <>
      <fieldset aria-label="Expense actions" className="flex flex-wrap gap-2">
        {buttons}
      </fieldset>
      {step && <StepDialog step={step} expense={expense} onClose={() => setStep(null)} />}
      {editing && (
        <ExpenseFormDialog
          may={may}
          expense={expense}
          onClose={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      )}
    </>
  );
}

/** The notes above the details: why no decision is offered, and the reason a request was refused or dropped. */
export function ExpenseNotices({ expense, may }: { expense: ExpenseDetail; may: ExpensePermissions }) {
  const can = expenseAbilities(expense, may);
  const notes: { key: string; tone: 'info' | 'danger'; text: ReactNode }[] = [];
  if (can.ownNote) notes.push({ key: 'own', tone: 'info', text: EXPENSE_MESSAGES.ownExpense });
  if (can.proprietorNote) notes.push({ key: 'proprietor', tone: 'info', text: EXPENSE_MESSAGES.needsProprietor });
  if (expense.status === 'rejected' && expense.rejectionReason)
    notes.push({ key: 'rejected', tone: 'danger', text: `Rejected: ${expense.rejectionReason}` });
  if (expense.status === 'cancelled' && expense.cancellationReason)
    notes.push({ key: 'cancelled', tone: 'danger', text: `Cancelled: ${expense.cancellationReason}` });
  if (notes.length === 0) return null;
  return (
    <div className="space-y-2">
      {notes.map((note) => (
        <p
          key={note.key}
          role="note"
          className={
            note.tone === 'danger'
              ? 'rounded-lg border border-red-200 bg-red-50 p-3 text-sm break-words text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200'
              : 'rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-200'
          }
        >
          {note.text}
        </p>
      ))}
    </div>
  );
}
