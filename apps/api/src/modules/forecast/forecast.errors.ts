import { FORECAST_ERROR_CODES } from '@schoolledger/domain';
import { notFound } from '../../lib/errors.js';

export const commitmentNotFound = () => notFound('Commitment not found', FORECAST_ERROR_CODES.commitmentNotFound);
