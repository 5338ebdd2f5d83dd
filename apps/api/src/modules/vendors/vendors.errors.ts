import { EXPENSE_ERROR_CODES, type VendorBankChangeStatus } from '@schoolledger/domain';
import { conflict, fieldError, forbidden, notFound } from '../../lib/errors.js';

export const vendorNotFound = () => notFound('Vendor not found', EXPENSE_ERROR_CODES.vendorNotFound);
export const vendorExists = () =>
  fieldError('name', 'Your group already has a vendor with this name', {
    status: 409,
    code: EXPENSE_ERROR_CODES.vendorExists,
  });
/** The super-admin belongs to no group, so they say whose vendor it is. */
export const vendorGroupRequired = () => fieldError('group_school_id', 'Choose the group');
export const bankChangeNotFound = () =>
  notFound('Change of bank details not found', EXPENSE_ERROR_CODES.vendorBankChangeNotFound);
export const ownBankChange = () =>
  forbidden(
    'You proposed these bank details, so another approver must approve them',
    EXPENSE_ERROR_CODES.ownVendorBankChange,
  );
export const bankChangeNotPending = (status: VendorBankChangeStatus) =>
  conflict(
    status === 'superseded'
      ? 'Newer bank details were proposed for this vendor since; decide on those instead'
      : `This change of bank details has already been ${status}`,
    EXPENSE_ERROR_CODES.vendorBankChangeNotPending,
  );
/** Rejecting is for approvers, and for the proposer withdrawing their own proposal. */
export const bankChangeNotYours = () =>
  forbidden('Only an approver, or the person who proposed them, can reject new bank details');
