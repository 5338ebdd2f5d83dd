// Plain constants, apart from the zod schemas: the web's entry reads them, and importing them from
// a schema module would pull zod into the first load.

/**
 * The few failures a client must tell apart from others of the same status, named in the error
 * envelope's `code`. Every other error is told apart by its status alone and carries no code.
 */
export const ERROR_CODES = {
  /** The account still has a temporary or derived password: only changing it is allowed. */
  passwordChangeRequired: 'PASSWORD_CHANGE_REQUIRED',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
const errorCodes: readonly string[] = Object.values(ERROR_CODES);
export const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && errorCodes.includes(code);
