import { ADJUSTMENT_ERROR_CODES } from '@schoolledger/domain';
import { conflict, notFound } from '../../lib/errors.js';

export const lateFeePolicyNotFound = () =>
  notFound('Late-fee policy not found', ADJUSTMENT_ERROR_CODES.lateFeePolicyNotFound);
export const lateFeePolicyInUse = () =>
  conflict('This policy has charged late fees, so it stays in their history. Switch it off instead.');
