import { ERROR_CODES, type ErrorCode, EXPORT_ROW_LIMIT, MSG } from '@schoolledger/domain';

export interface FieldError {
  field: string;
  message: string;
}

/** An expected failure: a status, a stable code from the domain's list and a message safe to show the user. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message: string = MSG.notFound, code: ErrorCode = ERROR_CODES.notFound) =>
  new AppError(404, code, message);
export const forbidden = (message: string = MSG.notAuthorized, code: ErrorCode = ERROR_CODES.forbidden) =>
  new AppError(403, code, message);
export const unauthenticated = (message: string = MSG.sessionExpired, code: ErrorCode = ERROR_CODES.unauthenticated) =>
  new AppError(401, code, message);
export const conflict = (message: string, code: ErrorCode = ERROR_CODES.conflict) => new AppError(409, code, message);
export const passwordChangeRequired = () =>
  new AppError(403, ERROR_CODES.passwordChangeRequired, MSG.passwordChangeRequired);
export const badRequest = (message: string = MSG.badRequest, code: ErrorCode = ERROR_CODES.badRequest) =>
  new AppError(400, code, message);
export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.';
export const tooManyRequests = () => new AppError(429, ERROR_CODES.rateLimited, TOO_MANY_REQUESTS);
export const validationFailed = (errors: FieldError[], code: ErrorCode = ERROR_CODES.validationFailed) =>
  new AppError(422, code, errors[0]?.message ?? MSG.validation, errors);
/** One field refused: 422 by default; a clash with existing data (a taken email) passes 409 and its code. */
export const fieldError = (
  field: string,
  message: string,
  {
    status = 422,
    code = status === 409 ? ERROR_CODES.conflict : ERROR_CODES.validationFailed,
  }: { status?: number; code?: ErrorCode } = {},
) => new AppError(status, code, message, [{ field, message }]);

/** PostgreSQL raises 23505 on a unique violation; drizzle wraps driver errors in `cause`. */
/** A unique violation (of `constraint`, when named) anywhere in the error's chain of causes. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const { code, constraint: violated } = current as { code?: string; constraint?: string };
    if (code === '23505' && (constraint === undefined || violated === constraint)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: string }).code === '23503') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** PostgreSQL raises 23514 when a row breaks a CHECK constraint; `constraint` narrows to one of them. */
export function isCheckViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const { code, constraint: name } = current as { code?: string; constraint?: string };
    if (code === '23514') return constraint === undefined || name === undefined || name === constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** More rows than one file may hold (EXPORT_ROW_LIMIT): the filters must narrow. */
export const exportTooLarge = (rows: number, what = 'entries') =>
  new AppError(
    422,
    ERROR_CODES.exportTooLarge,
    `These filters match ${rows.toLocaleString('en-NG')} ${what}; one file holds at most ${EXPORT_ROW_LIMIT.toLocaleString('en-NG')}. Narrow the dates or filters and export again.`,
  );

/** The SQLSTATE, detail and hint of a database error, found through the causes the drivers wrap it in. */
export function databaseError(
  error: unknown,
): { code: string; detail: string | undefined; hint: string | undefined } | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const { code, detail, hint } = current as { code?: unknown; detail?: unknown; hint?: unknown };
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, detail: text(detail), hint: text(hint) };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
