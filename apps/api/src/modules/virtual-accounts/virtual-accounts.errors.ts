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
export const ownKeysRequired = (field = 'school_id', provider: 'Paystack' | 'Flutterwave' = 'Paystack') =>
  validationFailed(
    [
      {
        field,
        message: `Save the school's own ${provider} ${provider === 'Paystack' ? 'secret key' : 'secret key and secret hash'} in the payment settings first: accounts are opened with ${provider === 'Paystack' ? 'it' : 'them'}`,
      },
    ],
    PAYMENT_PROFILE_ERROR_CODES.apiKeysRequired,
  );

/** What the provider said when it refused, or that it could not be reached. */
export const providerFailed = (message: string) =>
  new AppError(502, VIRTUAL_ACCOUNT_ERROR_CODES.virtualAccountProviderFailed, message);

export const bvnRequired = () =>
  conflict(
    "Flutterwave opens an account only with the holder's BVN: the parent (or a student with no parent) opens the family's account from their fees page.",
    VIRTUAL_ACCOUNT_ERROR_CODES.virtualAccountBvnRequired,
  );

export const requeryUnsupported = () =>
  conflict(
    "Flutterwave has no call to resend an account's missed transfers: look the transfer up on Flutterwave's dashboard.",
    VIRTUAL_ACCOUNT_ERROR_CODES.virtualAccountRequeryUnsupported,
  );

export const schoolOpensAccounts = () =>
  conflict(
    "This school opens its families' accounts itself: the family's account appears here once the school opens it.",
    VIRTUAL_ACCOUNT_ERROR_CODES.virtualAccountsOpenedBySchool,
  );
