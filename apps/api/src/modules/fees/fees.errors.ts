import { entityMessages, FEE_ERROR_CODES } from '@schoolledger/domain';
import { conflict, forbidden, notFound } from '../../lib/errors.js';

export const FOUR_EYES = 'You cannot approve a fee you created or last edited';
export const NO_TERMS = 'This school has no terms yet. Create a term to see what is outstanding.';

export const feeNotFound = () => notFound(entityMessages('Fee').notFound, FEE_ERROR_CODES.feeNotFound);
export const feeHasPayments = () =>
  conflict(
    'This fee has payments recorded against it and cannot be deleted. Deactivate it instead.',
    FEE_ERROR_CODES.feeHasPayments,
  );
export const ownFeeApproval = () => forbidden(FOUR_EYES, FEE_ERROR_CODES.ownFeeApproval);
export const feeAlreadyApproved = () => conflict('This fee is already approved', FEE_ERROR_CODES.feeAlreadyApproved);
export const feeNotAwaitingApproval = () =>
  conflict('Only a fee awaiting approval can be rejected', FEE_ERROR_CODES.feeNotAwaitingApproval);
export const noTerms = () => notFound(NO_TERMS, FEE_ERROR_CODES.noTerms);
