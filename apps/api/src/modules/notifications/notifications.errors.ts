import { entityMessages, USER_ERROR_CODES } from '@schoolledger/domain';
import { notFound } from '../../lib/errors.js';

/** A notice's recipient who is not, or not within the sender's reach, a user: the same answer as the users module's. */
export const recipientNotFound = () => notFound(entityMessages('User').notFound, USER_ERROR_CODES.userNotFound);
