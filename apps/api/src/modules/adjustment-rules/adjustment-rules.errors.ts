import { ADJUSTMENT_ERROR_CODES } from '@schoolledger/domain';
import { forbidden, notFound } from '../../lib/errors.js';

export const adjustmentRuleNotFound = () =>
  notFound('Adjustment rule not found', ADJUSTMENT_ERROR_CODES.adjustmentRuleNotFound);
export const ownRuleApproval = () =>
  forbidden('You cannot approve or reject a rule you made', ADJUSTMENT_ERROR_CODES.ownAdjustmentApproval);
export const groupRuleForbidden = () =>
  forbidden('Only someone who oversees the whole group can make a rule for every school of it');
