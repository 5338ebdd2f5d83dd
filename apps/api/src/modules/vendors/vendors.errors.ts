import { EXPENSE_ERROR_CODES } from '@schoolledger/domain';
import { fieldError, notFound } from '../../lib/errors.js';

export const vendorNotFound = () => notFound('Vendor not found', EXPENSE_ERROR_CODES.vendorNotFound);
export const vendorExists = () =>
  fieldError('name', 'Your group already has a vendor with this name', {
    status: 409,
    code: EXPENSE_ERROR_CODES.vendorExists,
  });
/** The super-admin belongs to no group, so they say whose vendor it is. */
export const vendorGroupRequired = () => fieldError('group_school_id', 'Choose the group');
