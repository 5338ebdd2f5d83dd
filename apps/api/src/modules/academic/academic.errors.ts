import { ACADEMIC_ERROR_CODES, entityMessages } from '@schoolledger/domain';
import { notFound } from '../../lib/errors.js';

export const sessionNotFound = () => notFound(entityMessages('Session').notFound, ACADEMIC_ERROR_CODES.sessionNotFound);
export const termNotFound = () => notFound(entityMessages('Term').notFound, ACADEMIC_ERROR_CODES.termNotFound);
export const classArmNotFound = () =>
  notFound(entityMessages('Class arm').notFound, ACADEMIC_ERROR_CODES.classArmNotFound);
