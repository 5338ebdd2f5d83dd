import { entityMessages, MSG, USER_ERROR_CODES } from '@schoolledger/domain';
import { fieldError, notFound } from '../../lib/errors.js';

export const userNotFound = () => notFound(entityMessages('User').notFound, USER_ERROR_CODES.userNotFound);
export const emailTaken = () => fieldError('email', MSG.emailTaken, { status: 409, code: USER_ERROR_CODES.emailTaken });
