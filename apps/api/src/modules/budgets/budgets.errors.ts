import { EXPENSE_ERROR_CODES } from '@schoolledger/domain';
import { forbidden, notFound, validationFailed } from '../../lib/errors.js';

export const budgetNotFound = () => notFound('Budget not found', EXPENSE_ERROR_CODES.budgetNotFound);
export const termNotOfSchool = () =>
  validationFailed([{ field: 'term_id', message: 'Choose a term of the selected school' }]);
/** Who may approve what is the owners' decision, not the staff's who spend. */
export const policyNotYours = () =>
  forbidden('Only the proprietor or an administrator can change the approval threshold');
