import {
  applyCreditInputSchema,
  applyCreditResultSchema,
  familyCreditBalanceSchema,
  familyCreditQuerySchema,
  familyCreditSchema,
  idParamsSchema,
  refundCreditInputSchema,
  siblingsSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../../plugins/auth.js';
import {
  applyCredit,
  CREDIT_MESSAGES,
  getFamilyCredit,
  refundCredit,
  siblingsAtDesk,
} from './family-credit.service.js';

const tags = ['family-credit'];

/** A family's credit: money received beyond what was owed, kept for its next fees or paid back. */
export const familyCreditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  app.get(
    '/family-credit',
    {
      schema: {
        summary: "A family's credit: balance and entries",
        description:
          'A parent reads their own family (no parent_id); staff who may view payments name a family with a child in their schools. Entries newest first.',
        tags,
        querystring: familyCreditQuerySchema,
        response: responses(familyCreditSchema),
      },
    },
    async (request) => ok(CREDIT_MESSAGES.loaded, await getFamilyCredit(app.ctx, authOf(request), request.query)),
  );
  app.post(
    '/family-credit/apply',
    {
      schema: {
        summary: "Pay a fee from the family's credit",
        description:
          "By the parent for their child, or by the cash desk of the fee's school. At most what is owed on the fee and what the family holds; two uses of the same credit at once: one wins, the other gets CREDIT_NOT_ENOUGH (409).",
        tags,
        body: applyCreditInputSchema,
        response: responses(applyCreditResultSchema),
      },
    },
    async (request) =>
      ok(CREDIT_MESSAGES.applied, await applyCredit(app.ctx, authOf(request), request.body, actorOf(request))),
  );
  app.post(
    '/family-credit/refund',
    {
      preValidation: authorize('payments.refund'),
      schema: {
        summary: 'Pay credit back to the family',
        description: "The school pays the money from its own bank; this records it and lowers the family's credit.",
        tags,
        body: refundCreditInputSchema,
        response: responses(familyCreditBalanceSchema),
      },
    },
    async (request) =>
      ok(CREDIT_MESSAGES.refunded, await refundCredit(app.ctx, authOf(request), request.body, actorOf(request))),
  );
  app.get(
    '/students/:id/siblings',
    {
      preValidation: authorize('payments.cash'),
      schema: {
        summary: "A student's brothers and sisters at the cash desk",
        description: "The other children of the student's parents in your schools, and the family's credit.",
        tags,
        params: idParamsSchema,
        response: responses(siblingsSchema),
      },
    },
    async (request) => ok('Siblings loaded', await siblingsAtDesk(app.ctx, authOf(request), request.params.id)),
  );
};
