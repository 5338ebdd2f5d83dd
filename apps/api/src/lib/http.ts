import { envelope, errorResponseSchema } from '@schoolledger/domain';
import type { z } from 'zod';

/** The response map of a route: the envelope around `data` on 200, our error shape otherwise. */
export function responses<T extends z.ZodType>(data: T) {
  return {
    200: envelope(data),
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
    422: errorResponseSchema,
    423: errorResponseSchema,
  };
}

export function ok<T>(message: string, data: T) {
  return { success: true as const, message, data };
}
