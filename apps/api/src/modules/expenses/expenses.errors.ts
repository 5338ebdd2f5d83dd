import {
  EXPENSE_ERROR_CODES,
  EXPENSE_STATUS_LABELS,
  type ExpenseAction,
  type ExpenseStatus,
  formatCalendarDate,
  formatKobo,
  type Kobo,
} from '@schoolledger/domain';
import { AppError, conflict, fieldError, forbidden, notFound } from '../../lib/errors.js';

export const expenseNotFound = () => notFound('Expense not found', EXPENSE_ERROR_CODES.expenseNotFound);
export const payoutNotFound = () => notFound('Payout not found', EXPENSE_ERROR_CODES.payoutNotFound);
export const attachmentNotFound = () => notFound('Document not found', EXPENSE_ERROR_CODES.expenseAttachmentNotFound);

const DONE: Record<ExpenseAction, string> = {
  submit: 'submitted',
  approve: 'approved',
  reject: 'rejected',
  reopen: 'reopened',
  cancel: 'cancelled',
};

/** Why `action` is refused from `status`, and what to do instead where there is something. */
function refusal(status: ExpenseStatus, action: ExpenseAction): string {
  switch (status) {
    case 'draft':
      return action === 'reopen'
        ? 'This expense is already a draft'
        : `A draft cannot be ${DONE[action]}; submit it first`;
    case 'pending_approval':
      return 'This expense is already waiting for approval';
    case 'approved':
      return action === 'reopen'
        ? 'An approved expense cannot be reopened; cancel it and record a new one'
        : 'This expense has already been approved';
    case 'rejected':
      return action === 'submit'
        ? 'A rejected expense cannot be submitted again; reopen it first'
        : 'This expense has already been rejected';
    case 'partially_paid':
    case 'paid':
      return action === 'cancel'
        ? 'Money has been paid out on this expense; reverse its payouts before cancelling it'
        : `This expense is ${EXPENSE_STATUS_LABELS[status].toLowerCase()}; it cannot be ${DONE[action]}`;
    case 'cancelled':
      return `This expense was cancelled; it cannot be ${DONE[action]}`;
  }
}

export const transitionNotAllowed = (status: ExpenseStatus, action: ExpenseAction) =>
  conflict(refusal(status, action), EXPENSE_ERROR_CODES.expenseTransitionNotAllowed);
export const notEditable = () =>
  conflict(
    'Only a draft can be edited; reopen it first if it is waiting for approval or was rejected',
    EXPENSE_ERROR_CODES.expenseTransitionNotAllowed,
  );
export const documentsClosed = (status: ExpenseStatus) =>
  conflict(
    `Documents cannot be added to a ${EXPENSE_STATUS_LABELS[status].toLowerCase()} expense`,
    EXPENSE_ERROR_CODES.expenseTransitionNotAllowed,
  );
export const documentsFixed = () =>
  conflict(
    'A document can be removed only while the expense is a draft or waiting for approval',
    EXPENSE_ERROR_CODES.expenseTransitionNotAllowed,
  );

export const ownExpenseApproval = () =>
  forbidden(
    'You cannot approve or reject an expense you recorded or submitted',
    EXPENSE_ERROR_CODES.ownExpenseApproval,
  );
export const editedExpenseApproval = () =>
  forbidden(
    'You changed the amount or payee of this expense, so another person must approve or reject it',
    EXPENSE_ERROR_CODES.ownExpenseApproval,
  );
export const payeeExpenseApproval = () =>
  forbidden(
    'You are the payee of this expense, so another person must approve or reject it',
    EXPENSE_ERROR_CODES.ownExpenseApproval,
  );
export const needsProprietor = () =>
  forbidden(
    "This expense is above the school's approval limit; only a proprietor can approve it",
    EXPENSE_ERROR_CODES.expenseNeedsProprietor,
  );

export const notPayable = (status: ExpenseStatus) =>
  conflict(
    `Only an approved expense can be paid; this one is ${EXPENSE_STATUS_LABELS[status].toLowerCase()}`,
    EXPENSE_ERROR_CODES.expenseNotPayable,
  );

/** More than is left of the approved amount, also when another payout took it a moment before. */
export function payoutAboveRemaining(remaining: Kobo) {
  const message =
    remaining === 0n
      ? 'Nothing remains to be paid on this expense: it has been paid in full'
      : `Only ${formatKobo(remaining)} remains to be paid on this expense`;
  return new AppError(422, EXPENSE_ERROR_CODES.payoutAboveRemaining, message, [{ field: 'amount', message }]);
}
export const paidInFuture = () => fieldError('paid_on', 'The payment date cannot be in the future');
export const paidBeforeExpense = (recorded: string) =>
  fieldError(
    'paid_on',
    `The payment date cannot be before the expense was recorded (${formatCalendarDate(recorded)})`,
    {
      code: EXPENSE_ERROR_CODES.payoutDateNotAllowed,
    },
  );
export const paidInClosedSession = (session: string) =>
  fieldError('paid_on', `The payment date falls in the ${session} session, which is closed`, {
    code: EXPENSE_ERROR_CODES.payoutDateNotAllowed,
  });
export const payoutAlreadyReversed = (isReversal: boolean) =>
  conflict(
    isReversal ? 'A reversal cannot itself be reversed' : 'This payout has already been reversed',
    EXPENSE_ERROR_CODES.payoutAlreadyReversed,
  );

export const sessionNotOfSchool = () => fieldError('session_id', 'Choose a session of this school');
export const termNotOfSession = () => fieldError('term_id', 'Choose a term of this session');
export const payeeNotStaff = () => fieldError('payee_user_id', 'Choose a member of staff of this school');
export const vendorNotPayable = () => fieldError('vendor_id', 'Choose an active vendor of this school’s group');
export const schoolFixed = () => fieldError('school_id', 'The school of an expense cannot be changed');
