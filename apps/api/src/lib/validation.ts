import type { z } from 'zod';
import { validationFailed } from './errors.js';

/** For bodies Fastify cannot validate itself (multipart forms): the same 422 as schema validation. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  throw validationFailed(errors);
}
