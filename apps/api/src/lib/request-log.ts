import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One log line per request, written once it has been answered. Fastify's own pair ("incoming
 * request", then "request completed", and a third for a path with no route) doubled the log of a
 * busy school for nothing the last line does not already say. The request's logger carries its id
 * and its path without the query, which may hold a name or an email typed into a search.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override routeNotFound() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
