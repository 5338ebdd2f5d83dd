import { errorResponseSchema, idParamsSchema, paymentSchema, refundInputSchema } from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ok, responses } from '../../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../../plugins/auth.js';
import { refundPayment } from './refunds.service.js';

const tags = ['payments'];
const params = idParamsSchema;
const withProviderErrors = <T extends z.ZodType>(data: T) => ({ ...responses(data), 502: errorResponseSchema });

export const refundRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  app.post(
    '/payment/:id/refund',
    {
      preValidation: authorize('payments.refund'),
      schema: {
        summary: 'Refund a payment',
        tags,
        params,
        body: refundInputSchema,
        response: withProviderErrors(paymentSchema),
      },
    },
    async (request) => {
      const { refund, message } = await refundPayment({
        ctx: app.ctx,
        auth: authOf(request),
        id: request.params.id,
        input: request.body,
        actor: actorOf(request),
      });
      return ok(message, refund);
    },
  );
};
