import { entityMessages, SCHOOL_ERROR_CODES } from '@schoolledger/domain';
import { fieldError, notFound } from '../../lib/errors.js';

export const schoolNotFound = () => notFound(entityMessages('School').notFound, SCHOOL_ERROR_CODES.schoolNotFound);

export const receiptCodeInUse = (code: string) =>
  fieldError('receiptCode', `Another school of the group uses ${code} on its receipts. Choose another code.`, {
    status: 409,
    code: SCHOOL_ERROR_CODES.receiptCodeTaken,
  });
