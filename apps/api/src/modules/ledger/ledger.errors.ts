import { PAYMENT_ERROR_CODES } from '@schoolledger/domain';
import { conflict, validationFailed } from '../../lib/errors.js';

/** The coded errors of the ledger's checks on what may be paid, whichever channel asks. */

export const feeNotPayable = () =>
  validationFailed(
    [{ field: 'fee_id', message: 'This fee is not approved and active for payment' }],
    PAYMENT_ERROR_CODES.feeNotPayable,
  );
export const feeAlreadyPaid = () => conflict('This fee is already paid', PAYMENT_ERROR_CODES.feeAlreadyPaid);
/** `message` is the domain's text naming what is still owed; `field`, the amount it is about. */
export const amountAboveOutstanding = (message: string, field = 'amount') =>
  validationFailed([{ field, message }], PAYMENT_ERROR_CODES.amountAboveOutstanding);
