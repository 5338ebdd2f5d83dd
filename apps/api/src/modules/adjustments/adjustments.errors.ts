import { ADJUSTMENT_ERROR_CODES, formatKobo, type Kobo } from '@schoolledger/domain';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.js';

export const adjustmentNotFound = () => notFound('Adjustment not found', ADJUSTMENT_ERROR_CODES.adjustmentNotFound);
export const ownAdjustmentApproval = () =>
  forbidden('You cannot approve or reject an adjustment you recorded', ADJUSTMENT_ERROR_CODES.ownAdjustmentApproval);
export const adjustmentNotPending = () =>
  conflict('This adjustment has already been decided', ADJUSTMENT_ERROR_CODES.adjustmentNotPending);
/** The document a decision was made on stays the one kept with it, whoever asks. */
export const documentFixed = (status: 'approved' | 'rejected' | 'reversed') =>
  conflict(
    `This adjustment has been ${status}, so the document it was decided on stays as it is and cannot be replaced or removed`,
    ADJUSTMENT_ERROR_CODES.adjustmentDocumentFixed,
  );
export const adjustmentNotApproved = () =>
  conflict('Only an approved adjustment can be reversed', ADJUSTMENT_ERROR_CODES.adjustmentNotApproved);

/**
 * A reduction can take a fee down to nothing owed, never below: a family's credit comes from money
 * paid, not from discounts. `field` names the input to fix when the form can fix it.
 */
export function aboveBalance(amount: Kobo, owed: Kobo, field?: string) {
  const message =
    owed === 0n
      ? 'Nothing is owed on this fee, so there is nothing to reduce'
      : `This would take ${formatKobo(amount)} off a fee with ${formatKobo(owed)} outstanding; it cannot be more than the outstanding`;
  return new AppError(
    field ? 422 : 409,
    ADJUSTMENT_ERROR_CODES.adjustmentAboveBalance,
    message,
    field ? [{ field, message }] : undefined,
  );
}
