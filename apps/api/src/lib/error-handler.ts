import { isErrorCode, MSG } from '@schoolledger/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldError } from './errors.js';

function fieldErrorsOf(error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((issue) => ({
    field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: issue.message ?? MSG.validation,
  }));
}

/** Known errors keep their status and message; anything else is a 500 that says nothing inside. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return reply.code(error.statusCode).send({
      success: false,
      message: error.message,
      data: null,
      code: isErrorCode(error.code) ? error.code : undefined,
      errors: error.errors,
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = fieldErrorsOf(error);
    return reply.code(422).send({ success: false, message: errors[0]?.message ?? MSG.validation, data: null, errors });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message =
      status === 429 ? 'Too many requests. Please wait a moment and try again.' : error.message || MSG.badRequest;
    return reply.code(status).send({ success: false, message, data: null });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ success: false, message: MSG.internal, data: null });
}
