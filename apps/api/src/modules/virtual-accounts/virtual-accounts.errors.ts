import { PAYMENT_PROFILE_ERROR_CODES, VIRTUAL_ACCOUNT_ERROR_CODES } from '@schoolledger/domain';
import { AppError, conflict, notFound, validationFailed } from '../../lib/errors.js';

/** The coded errors of a school's virtual accounts. */

export const virtualAccountNotFound = () =>
  notFound('Virtual account not found', VIRTUAL_ACCOUNT_ERROR_CODES.virtualAccountNotFound);

export const virtualAccountsOff = () =>
  conflict(
    "This school's virtual accounts are switched off. Switch them on in the payment settings first.",
    VIRTUAL_ACCOUNT_ERROR_CODES.virtualAccountsOff,
  );

export const holderNotFound = () =>
  notFound(
    'No parent with a child at this school, or student of it without a parent, has this id',
    VIRTUAL_ACCOUNT_ERROR_CODES.virtualAccountHolderNotFound,
  );

export const holderHasParent = () =>
  conflict(
    "This student's family has a parent: open the account for the parent, and all their children at the school share it.",
    VIRTUAL_ACCOUNT_ERROR_CODES.virtualAccountHolderHasParent,
  );

export const accountNumberTaken = () =>
  conflict(
    'The provider gave this family the account number another school of the same provider account already holds. Schools that share one provider account can give a family one account number only.',
    VIRTUAL_ACCOUNT_ERROR_CODES.virtualAccountNumberTaken,
  );

export const accountInactive = () =>
  conflict('This virtual account is already deactivated', VIRTUAL_ACCOUNT_ERROR_CODES.virtualAccountInactive);

/** The school's own secret key is what opens accounts in its name: never the app's. `field`: what the request was about. */
export const ownKeysRequired = (field = 'school_id') =>
  validationFailed(
    [
      {
        field,
        message: "Save the school's own Paystack secret key in the payment settings first: accounts are opened with it",
      },
    ],
    PAYMENT_PROFILE_ERROR_CODES.apiKeysRequired,
  );

/** What the provider said when it refused, or that it could not be reached. */
export const providerFailed = (message: string) =>
  new AppError(502, VIRTUAL_ACCOUNT_ERROR_CODES.virtualAccountProviderFailed, message);
