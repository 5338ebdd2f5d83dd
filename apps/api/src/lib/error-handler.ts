import type { Socket } from 'node:net';
import { ERROR_CODES, errorCodeForStatus, MSG } from '@schoolledger/domain';
import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldError, fieldError, TOO_MANY_REQUESTS } from './errors.js';
import { textFaultMessage, unstorableText } from './request-input.js';

function fieldErrorsOf(error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((issue) => ({
    field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: issue.message ?? MSG.validation,
  }));
}

/**
 * Known errors keep their status, code and message; anything else is a 500 that says nothing inside.
 * Every answer names its failure in `code`: the AppError's own, or the one of its status.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return reply.code(error.statusCode).send({
      success: false,
      message: error.message,
      data: null,
      code: error.code,
      errors: error.errors,
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = fieldErrorsOf(error);
    return reply.code(422).send({
      success: false,
      message: errors[0]?.message ?? MSG.validation,
      data: null,
      code: ERROR_CODES.validationFailed,
      errors,
    });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message = status === 429 ? TOO_MANY_REQUESTS : error.message || MSG.badRequest;
    return reply.code(status).send({ success: false, message, data: null, code: errorCodeForStatus(status) });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ success: false, message: MSG.internal, data: null, code: ERROR_CODES.internal });
}

/**
 * Fastify answers some requests before any route runs (a malformed `%ff` in the path, a parameter
 * over the length limit): those answers get our envelope too, with the status Fastify chose.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 400;
  const message = status === 414 ? 'The requested address is too long' : MSG.badRequest;
  return reply.code(status).send({ success: false, message, data: null, code: errorCodeForStatus(status) });
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request headers are too large'],
};

/** Requests Node's HTTP parser refuses never reach Fastify; the socket gets our envelope before closing. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'Bad Request', MSG.badRequest];
  const body = JSON.stringify({ success: false, message, data: null, code: errorCodeForStatus(status) });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * PostgreSQL cannot store a NUL character or half of a surrogate pair in text, so any request
 * carrying one is refused at the contract, for every route and every part (body, query,
 * parameters), before its own schema runs.
 */
export function refusingUnstorableText<S>(compile: FastifySchemaCompiler<S>): FastifySchemaCompiler<S> {
  return (route) => {
    const validate = compile(route);
    return (data) => {
      const found = unstorableText(data);
      if (found === null) return validate(data);
      const message = textFaultMessage(found.fault, found.field || route.httpPart || 'value');
      return { error: fieldError(found.field, message) };
    };
  };
}
