import { ERROR_CODES, REPORT_FILTER_LABELS, type ReportFilterName } from '@schoolledger/domain';
import { AppError, fieldError, notFound } from '../../lib/errors.js';

export const reportNotFound = () => notFound('Report not found', ERROR_CODES.reportNotFound);
export const scheduleNotFound = () => notFound('Schedule not found', ERROR_CODES.scheduleNotFound);
/** A 404 like any file that is gone, with its own code so the screen can offer to generate it again. */
export const reportExpired = () =>
  notFound('This file has expired. Generate the report again.', ERROR_CODES.reportExpired);
export const reportNotReady = () =>
  new AppError(409, ERROR_CODES.reportNotReady, 'The report is not ready yet. Try again in a moment.');

export const filterNotTaken = (filter: string) =>
  fieldError(`filters.${filter}`, 'This report does not take that filter');
export const filterRequired = (filter: ReportFilterName) =>
  fieldError(`filters.${filter}`, `Choose a ${REPORT_FILTER_LABELS[filter].toLowerCase()}`);
export const filterMismatch = (filter: ReportFilterName, message: string) => fieldError(`filters.${filter}`, message);
