import { entityMessages, STUDENT_ERROR_CODES } from '@schoolledger/domain';
import { fieldError, notFound } from '../../lib/errors.js';

export const studentNotFound = () => notFound(entityMessages('Student').notFound, STUDENT_ERROR_CODES.studentNotFound);
export const regNoTaken = (regNo: string) =>
  fieldError('regNo', `A student with registration number ${regNo} already exists in this school`, {
    status: 409,
    code: STUDENT_ERROR_CODES.regNoTaken,
  });
