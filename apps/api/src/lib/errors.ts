import { ERROR_CODES, MSG } from '@schoolledger/domain';

export interface FieldError {
  field: string;
  message: string;
}

/** An expected failure: a status, a stable code and a message safe to show the user. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message: string = MSG.notFound) => new AppError(404, 'not_found', message);
export const forbidden = (message: string = MSG.notAuthorized) => new AppError(403, 'forbidden', message);
export const unauthenticated = (message: string = MSG.sessionExpired) => new AppError(401, 'unauthenticated', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const passwordChangeRequired = () =>
  new AppError(403, ERROR_CODES.passwordChangeRequired, MSG.passwordChangeRequired);
export const badRequest = (message: string = MSG.badRequest) => new AppError(400, 'bad_request', message);
export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.';
export const tooManyRequests = () => new AppError(429, 'rate_limited', TOO_MANY_REQUESTS);
export const validationFailed = (errors: FieldError[]) =>
  new AppError(422, 'validation', errors[0]?.message ?? MSG.validation, errors);

/** PostgreSQL raises 23505 on a unique violation; drizzle wraps driver errors in `cause`. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: string }).code === '23505') return true;
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
