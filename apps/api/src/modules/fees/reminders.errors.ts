import { ERROR_CODES, lagosDateTime, PAYMENT_ERROR_CODES } from '@schoolledger/domain';
import { conflict, fieldError, notFound } from '../../lib/errors.js';

export const reminderNotFound = () => notFound('Payment reminder not found');
export const feeNotRemindable = () =>
  fieldError('feeId', 'Only an approved, active fee that applies to this student can be reminded', {
    code: PAYMENT_ERROR_CODES.feeNotPayable,
  });
export const feeAlreadyPaid = () =>
  fieldError('feeId', 'This fee is already paid in full', { code: PAYMENT_ERROR_CODES.feeAlreadyPaid });
/** A reminder is one message; sending it again would repeat it. Create a new one to remind again. */
export const reminderAlreadySent = () =>
  conflict('This payment reminder was already sent. Create a new reminder to send another.', ERROR_CODES.conflict);
/** Everyone who owes a fee is reminded by hand at most once a day: a second click would remind every family twice. */
export const feeRemindedToday = (feeName: string, at: Date) =>
  conflict(
    `Everyone who owes ${feeName} was already reminded today (${lagosDateTime(at)}). You can remind them again tomorrow.`,
    ERROR_CODES.feeRemindedToday,
  );
