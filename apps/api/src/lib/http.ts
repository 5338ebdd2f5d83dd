import { envelope, errorResponseSchema } from '@schoolledger/domain';
import type { FastifySchema } from 'fastify';
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

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The text fields and file of a multipart/form-data body. Fastify does not validate it (the
     * route reads the form itself: readMultipart, then parseOrThrow); the API reference shows it.
     */
    multipart?: z.ZodObject;
  }
}

/** A file part of a multipart form, as the API reference shows it. */
export const filePart = (description: string) => z.file().meta({ description });

/**
 * A route schema's multipart body: `fields` (text fields and file parts) documented under
 * `multipart/form-data`, and under `application/json` too when the route also takes JSON.
 */
export function multipartBody(fields: z.ZodObject, { alsoJson = false } = {}) {
  return {
    consumes: alsoJson ? ['application/json', 'multipart/form-data'] : ['multipart/form-data'],
    multipart: fields,
  };
}

/** For the API reference only: a route's multipart fields become its documented request body. */
export function withMultipartBody<T extends { schema: FastifySchema }>(route: T): T {
  const { multipart, ...schema } = route.schema;
  if (!multipart) return route;
  return { ...route, schema: { ...schema, body: multipart } };
}
