import type { z } from 'zod';
import { fieldError, validationFailed } from './errors.js';
import { textFaultMessage, unstorableText } from './request-input.js';

/**
 * For bodies Fastify cannot validate itself (multipart forms): the same 422 as schema validation,
 * text PostgreSQL cannot store included.
 */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const found = unstorableText(value);
  if (found) throw fieldError(found.field, textFaultMessage(found.fault, found.field || 'value'));
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  throw validationFailed(errors);
}
