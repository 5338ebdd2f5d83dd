import {
  cashPaymentInputSchema,
  cashPaymentResultSchema,
  familyCashInputSchema,
  familyCashResultSchema,
  idempotencyHeadersSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../../plugins/auth.js';
import { CASH_RECORDED, FAMILY_CASH_RECORDED, payFamilyWithCash, payWithCash } from './cash.service.js';

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
        await payWithCash({
          ctx: app.ctx,
          auth: authOf(request),
          input: request.body,
          idempotencyKey: request.headers['idempotency-key'],
          actor: actorOf(request),
        }),
      ),
  );
  /** Several children's fees in one submission: all recorded or none, each with its own receipt. */
  app.post(
    '/payment/pay-with-cash/family',
    {
      onRequest: [authenticate],
      preValidation: [authorize('payments.cash')],
      schema: {
        summary: 'Record one cash payment for several children',
        description:
          "Every item is checked like a single cash payment; all are recorded in one transaction or none. `use_credit` takes that much of the total from the family's credit. A retry with the same Idempotency-Key returns the same payments.",
        tags,
        headers: idempotencyHeadersSchema,
        body: familyCashInputSchema,
        response: responses(familyCashResultSchema),
      },
    },
    async (request) =>
      ok(
        FAMILY_CASH_RECORDED,
        await payFamilyWithCash({
          ctx: app.ctx,
          auth: authOf(request),
          input: request.body,
          idempotencyKey: request.headers['idempotency-key'],
          actor: actorOf(request),
        }),
      ),
  );
};
