import { PAYMENT_PROFILE_ERROR_CODES } from '@schoolledger/domain';
import { validationFailed } from '../../lib/errors.js';

const API_KEYS_REQUIRED = 'API keys are required';

export const apiKeysRequired = () =>
  validationFailed([{ field: 'secret_key', message: API_KEYS_REQUIRED }], PAYMENT_PROFILE_ERROR_CODES.apiKeysRequired);
