import { envelope, errorResponseSchema } from '@schoolledger/domain';
import { z } from 'zod';

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

/**
 * The response map of a download: on 200 the file itself, in each media type it may come as;
 * otherwise our JSON error shape, like every other route.
 */
export function fileResponses(description: string, mediaTypes: readonly string[]) {
  const file = z.any().meta({ type: 'string', format: 'binary' });
  return {
    ...responses(z.null()),
    200: { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: file }])) },
  };
}

export function ok<T>(message: string, data: T) {
  return { success: true as const, message, data };
}
