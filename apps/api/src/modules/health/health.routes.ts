import { errorResponseSchema } from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ status: z.enum(['connected', 'unreachable']), driver: z.enum(['pglite', 'postgres']) }),
  uptimeSeconds: z.number(),
  version: z.string(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Check the service and its database',
        tags: ['health'],
        security: [],
        response: {
          200: z.object({ success: z.boolean(), message: z.string(), data: healthSchema }),
          429: errorResponseSchema,
          503: z.object({ success: z.boolean(), message: z.string(), data: healthSchema }),
        },
      },
    },
    async (_request, reply) => {
      const connected = await app.database.ping().catch(() => false);
      const data = {
        status: connected ? ('ok' as const) : ('degraded' as const),
        database: {
          status: connected ? ('connected' as const) : ('unreachable' as const),
          driver: app.database.driver,
        },
        uptimeSeconds: Math.round(process.uptime()),
        version: '1.0.0',
      };
      return reply
        .code(connected ? 200 : 503)
        .send({ success: connected, message: connected ? 'Healthy' : 'Database unreachable', data });
    },
  );
};
