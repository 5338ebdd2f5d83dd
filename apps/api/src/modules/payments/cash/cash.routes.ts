import { cashPaymentInputSchema, cashPaymentResultSchema, idempotencyHeadersSchema } from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../../plugins/auth.js';
import { CASH_RECORDED, payWithCash } from './cash.service.js';

const tags = ['payments'];

export const cashRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The bursary desk: staff record cash; the Idempotency-Key makes a double submit record once. */
  app.post(
    '/payment/pay-with-cash',
    {
      onRequest: [authenticate],
      preValidation: [authorize('payments.cash')],
      schema: {
        summary: 'Record a cash payment',
        tags,
        headers: idempotencyHeadersSchema,
        body: cashPaymentInputSchema,
        response: responses(cashPaymentResultSchema),
      },
    },
    async (request) =>
      ok(
        CASH_RECORDED,
        await payWithCash(app.ctx, authOf(request), request.body, request.headers['idempotency-key'], actorOf(request)),
      ),
  );
};
