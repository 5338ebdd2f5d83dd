import { entityMessages, SCHOOL_ERROR_CODES } from '@schoolledger/domain';
import { notFound } from '../../lib/errors.js';

export const schoolNotFound = () => notFound(entityMessages('School').notFound, SCHOOL_ERROR_CODES.schoolNotFound);
