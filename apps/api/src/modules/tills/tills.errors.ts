import {
  formatKobo,
  type Kobo,
  TILL_ERROR_CODES,
  TILL_REQUIRED_MESSAGE,
  TILL_STATUS_LABELS,
  type TillStatus,
} from '@schoolledger/domain';
import { AppError, conflict, fieldError, forbidden, notFound } from '../../lib/errors.js';

export const tillNotFound = () => notFound('Till session not found', TILL_ERROR_CODES.tillNotFound);

export const tillAlreadyOpen = () =>
  conflict(
    'You already have an open till at this school. Close it before opening another.',
    TILL_ERROR_CODES.tillAlreadyOpen,
  );

/** The school takes cash only into an open till, and the person recording it has none there. */
export const tillRequiredForCash = () => conflict(TILL_REQUIRED_MESSAGE, TILL_ERROR_CODES.tillRequiredForCash);

const NEXT_STEP: Record<TillStatus, string> = {
  open: 'count and close it first',
  closing: 'it is waiting for a second person to confirm the count',
  closed: 'it is closed and waiting to be banked',
  banked: 'it has been banked',
};

/** A step the till's status does not allow, saying where the till stands. */
export const tillTransitionNotAllowed = (status: TillStatus, step: string) =>
  conflict(
    `This till cannot be ${step}: ${NEXT_STEP[status]} (${TILL_STATUS_LABELS[status].toLowerCase()}).`,
    TILL_ERROR_CODES.tillTransitionNotAllowed,
  );

export const tillNotYours = () =>
  forbidden('Only the bursar who opened this till can count and close it', TILL_ERROR_CODES.tillNotYours);

export const varianceReasonRequired = (varianceKobo: Kobo, toleranceKobo: Kobo) => {
  const size = varianceKobo < 0n ? -varianceKobo : varianceKobo;
  const message = `The drawer is ${varianceKobo < 0n ? 'short' : 'over'} by ${formatKobo(size)}, more than the school's tolerance of ${formatKobo(toleranceKobo)}: give the reason`;
  return new AppError(422, TILL_ERROR_CODES.tillVarianceReasonRequired, message, [
    { field: 'variance_reason', message },
  ]);
};

export const ownTillConfirmation = () =>
  forbidden(
    'Someone other than the person who opened or closed this till must confirm its count',
    TILL_ERROR_CODES.ownTillConfirmation,
  );

export const tillConfirmerNotAllowed = (allowed: readonly string[]) =>
  forbidden(
    `At this school a till's count is confirmed by: ${allowed.join(', ')}`,
    TILL_ERROR_CODES.tillConfirmerNotAllowed,
  );

export const bankAboveCounted = (countedKobo: Kobo) =>
  fieldError('amount', `At most ${formatKobo(countedKobo)} can be banked: that is what the drawer held when counted`, {
    code: TILL_ERROR_CODES.tillBankAboveCounted,
  });
