import { EXPENSE_CATEGORY_LABELS, formatKobo } from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { notify } from '../notifications/notifications.service.js';
import { approversOf, type ExpenseRecord } from './expenses.queries.js';

/*
 * The notices of an expense request's steps, sent in the transaction of the step: the approvers
 * when it is submitted, the person who recorded it when someone else decides or cancels it.
 */

const pageOf = (expense: ExpenseRecord) => `/expenses/${expense.id}`;
const what = (expense: ExpenseRecord) =>
  `${expense.reference} ${expense.title} (${formatKobo(expense.amountKobo)}, ${EXPENSE_CATEGORY_LABELS[expense.category]}) for ${expense.payeeName}`;

export interface StepActor {
  id: string;
  name: string;
}

export async function notifyExpenseSubmitted(tx: DbOrTx, ctx: AppContext, expense: ExpenseRecord, actor: StepActor) {
  const limit = expense.needsProprietor ? " It is above the school's approval limit, so a proprietor approves it." : '';
  return notify(tx, ctx, await approversOf(tx, expense, actor.id), {
    kind: 'expense',
    type: 'info',
    title: `Expense to approve: ${expense.title}`,
    message: `${actor.name} submitted ${what(expense)} for approval.${limit}`,
    actionUrl: pageOf(expense),
    metadata: { amount: expense.amountKobo },
    schoolId: expense.schoolId,
    createdBy: actor.id,
    email: { templateId: 'system_notification', variables: {} },
  });
}

const OUTCOMES = {
  approve: { type: 'success', verb: 'approved' },
  reject: { type: 'error', verb: 'rejected' },
  cancel: { type: 'warning', verb: 'cancelled' },
} as const;

/** The person who recorded the request hears that it was approved, rejected or cancelled, unless they did it. */
export async function notifyExpenseDecided(
  tx: DbOrTx,
  ctx: AppContext,
  expense: ExpenseRecord,
  step: { action: keyof typeof OUTCOMES; reason?: string | undefined },
  actor: StepActor,
) {
  if (!expense.createdBy || expense.createdBy === actor.id) return;
  const outcome = OUTCOMES[step.action];
  const reason = step.reason ? `: ${step.reason}` : '.';
  return notify(tx, ctx, [expense.createdBy], {
    kind: 'expense',
    type: outcome.type,
    title: `Expense ${outcome.verb}: ${expense.title}`,
    message: `${actor.name} ${outcome.verb} ${what(expense)}${reason}`,
    actionUrl: pageOf(expense),
    metadata: { amount: expense.amountKobo, ...(step.reason ? { reason: step.reason } : {}) },
    schoolId: expense.schoolId,
    createdBy: actor.id,
    email: { templateId: 'system_notification', variables: {} },
  });
}
