import {
  applyCreditInputSchema,
  applyCreditResultSchema,
  creditPaybackDecisionSchema,
  creditPaybackListQuerySchema,
  creditPaybackListSchema,
  creditPaybackSchema,
  familyCreditQuerySchema,
  familyCreditSchema,
  idParamsSchema,
  refundCreditInputSchema,
  siblingsSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../../plugins/auth.js';
import { decidePayback, listPaybackPage, requestPayback } from './credit-paybacks.service.js';
import { applyCredit, CREDIT_MESSAGES, getFamilyCredit, siblingsAtDesk } from './family-credit.service.js';

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
        summary: 'Ask to pay credit back to the family',
        description:
          "Money leaving the school's own bank takes two people: this records the request (pending) and tells the school's other staff who may refund. The family's credit goes down only when another person approves it (PATCH /family-credit/paybacks/{id}/decision). More than the family holds is CREDIT_NOT_ENOUGH (409).",
        tags,
        body: refundCreditInputSchema,
        response: responses(creditPaybackSchema),
      },
    },
    async (request) =>
      ok(CREDIT_MESSAGES.requested, await requestPayback(app.ctx, authOf(request), request.body, actorOf(request))),
  );
  app.get(
    '/family-credit/paybacks',
    {
      preValidation: authorize('payments.view'),
      schema: {
        summary: 'Credit paybacks',
        description: 'Asked for, approved and rejected paybacks of family credit in your schools, newest first.',
        tags,
        querystring: creditPaybackListQuerySchema,
        response: responses(creditPaybackListSchema),
      },
    },
    async (request) =>
      ok(CREDIT_MESSAGES.paybacksLoaded, await listPaybackPage(app.ctx, authOf(request), request.query)),
  );
  app.patch(
    '/family-credit/paybacks/:id/decision',
    {
      preValidation: authorize('payments.refund'),
      schema: {
        summary: 'Approve or reject a credit payback',
        description:
          "By someone other than the person who asked (OWN_PAYBACK_APPROVAL, 403); only a pending one (PAYBACK_NOT_PENDING, 409). Approving lowers the family's credit at once, refused with CREDIT_NOT_ENOUGH (409) when the family has used it since.",
        tags,
        params: idParamsSchema,
        body: creditPaybackDecisionSchema,
        response: responses(creditPaybackSchema),
      },
    },
    async (request) => {
      const decided = await decidePayback(app.ctx, authOf(request), request.params.id, request.body, actorOf(request));
      return ok(request.body.status === 'approved' ? CREDIT_MESSAGES.approved : CREDIT_MESSAGES.rejected, decided);
    },
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
