import { FAMILY_CREDIT_ERROR_CODES, formatKobo } from '@schoolledger/domain';
import { conflict, forbidden, notFound, validationFailed } from '../../../lib/errors.js';

export const familyNotFound = () => notFound('Family not found', FAMILY_CREDIT_ERROR_CODES.familyNotFound);

/**
 * More credit asked for than the family holds. `available` is unknown when the balance's check
 * refused the entry: another desk spent the credit between our read and our write.
 */
export const creditNotEnough = (available?: bigint) =>
  conflict(
    available === undefined
      ? 'The family credit was used by another payment a moment ago. Reload to see what is left.'
      : `The family has only ${formatKobo(available)} of credit`,
    FAMILY_CREDIT_ERROR_CODES.creditNotEnough,
  );

export const noCreditHolder = () =>
  validationFailed(
    [{ field: 'student_id', message: 'This student has no linked parent to hold credit' }],
    FAMILY_CREDIT_ERROR_CODES.familyNotFound,
  );

export const paybackNotFound = () => notFound('Payback not found', FAMILY_CREDIT_ERROR_CODES.paybackNotFound);
export const ownPaybackApproval = () =>
  forbidden(
    'You asked for this payback, so another person must approve or reject it',
    FAMILY_CREDIT_ERROR_CODES.ownPaybackApproval,
  );
export const paybackNotPending = (status: 'approved' | 'rejected') =>
  conflict(`This payback has already been ${status}`, FAMILY_CREDIT_ERROR_CODES.paybackNotPending);
