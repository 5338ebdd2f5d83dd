import { type ErasureRefusal, PRIVACY_ERROR_CODES } from '@schoolledger/domain';
import { conflict, fieldError } from '../../lib/errors.js';

/** 409 for an account the rule keeps from erasure, saying what to do instead. */
export function erasureRefused(refusal: ErasureRefusal) {
  switch (refusal) {
    case 'active':
      return conflict(
        'This account is still active. Deactivate it first: only the data of someone who has left can be erased.',
        PRIVACY_ERROR_CODES.accountStillActive,
      );
    case 'notFamily':
      return conflict(
        'Only the accounts of students and parents can be erased. Staff records are kept by the school.',
        PRIVACY_ERROR_CODES.notErasable,
      );
    case 'erased':
      return conflict('This person’s personal data has already been erased.', PRIVACY_ERROR_CODES.alreadyErased);
  }
}

export const erasureNameMismatch = () =>
  fieldError('confirmName', 'Type the person’s full name exactly as it is shown to confirm', {
    code: PRIVACY_ERROR_CODES.erasureNameMismatch,
  });
