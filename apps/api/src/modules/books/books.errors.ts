import { BOOKS_ERROR_CODES, formatCalendarDate, STUDENT_ERROR_CODES } from '@schoolledger/domain';
import { conflict, fieldError, notFound } from '../../lib/errors.js';

export const accountNotFound = () => notFound('Account not found', BOOKS_ERROR_CODES.ledgerAccountNotFound);

export const studentNotFound = () => notFound('Student not found', STUDENT_ERROR_CODES.studentNotFound);

export const accountCodeTaken = () =>
  fieldError('code', 'Another account of this school has this code', {
    status: 409,
    code: BOOKS_ERROR_CODES.ledgerAccountCodeTaken,
  });

/** A close only moves forward: the day must be after the last one closed. */
export const periodAlreadyClosed = (closedThrough: string) =>
  fieldError(
    'closed_through',
    `The books are already closed through ${formatCalendarDate(closedThrough)}. Choose a later day.`,
    { status: 409, code: BOOKS_ERROR_CODES.periodAlreadyClosed },
  );

/** Nothing may be closed before it has happened. */
export const closeInFuture = () => fieldError('closed_through', 'The books can be closed through today at the latest');

export const badCursor = () => fieldError('cursor', 'Use the nextCursor of the previous page');

/** PostgreSQL's answer when a lock was not had within `lock_timeout`. */
export function isLockTimeout(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: string }).code === '55P03') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The close stepped back for money being recorded at that moment, several times over. */
export const booksBusy = () =>
  conflict('Payments are being recorded for this school right now. Try closing the books again in a moment.');
