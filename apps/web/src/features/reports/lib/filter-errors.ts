import { REPORT_FILTER_LABELS, REPORT_FILTERS, type ReportFilterName, reportFiltersSchema } from '@schoolledger/domain';
import { ApiError } from '@/lib/api-client';
import type { FilterValues } from './report-params';

export type FilterErrors = Partial<Record<ReportFilterName, string>>;

const isFilter = (name: unknown): name is ReportFilterName => REPORT_FILTERS.some((each) => each === name);

/** What to fix before asking the server: a required filter left empty, or dates that cross. */
export function checkFilters(values: FilterValues, required: readonly ReportFilterName[]): FilterErrors {
  const errors: FilterErrors = {};
  for (const name of required) {
    if (!values[name]) errors[name] = `Choose a ${REPORT_FILTER_LABELS[name].toLowerCase()}`;
  }
  const parsed = reportFiltersSchema.safeParse(values);
  for (const issue of parsed.error?.issues ?? []) {
    const [name] = issue.path;
    if (isFilter(name)) errors[name] ??= issue.message;
  }
  return errors;
}

/** The server's 422 field errors that belong to filters ("filters.to"), by filter. */
export function serverFilterErrors(error: unknown): FilterErrors {
  const errors: FilterErrors = {};
  if (!(error instanceof ApiError)) return errors;
  for (const { field, message } of error.errors) {
    const name = field.replace(/^filters\./, '');
    if (field.startsWith('filters.') && isFilter(name)) errors[name] ??= message;
  }
  return errors;
}

/** The server's message for a field outside the filters, such as `emailTo`. */
export const serverFieldError = (error: unknown, field: string) =>
  error instanceof ApiError ? error.errors.find((each) => each.field === field)?.message : undefined;
