import {
  idParamsSchema,
  paymentVoidListSchema,
  paymentVoidSchema,
  tillVoidApproveInputSchema,
  tillVoidInputSchema,
  tillVoidListQuerySchema,
  tillVoidParamsSchema,
  tillVoidRejectInputSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import { approveVoid, listVoids, rejectVoid, requestVoid, TILL_VOID } from './till-voids.service.js';

const tags = ['tills'];

/** Voids of cash taken into a till by mistake: asked for by its bursar, decided by a second person. */
export const tillVoidRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  app.get(
    '/tills/voids',
    {
      preValidation: authorize('tills.view'),
      schema: {
        summary: 'List voids',
        description:
          "The voids of the caller's schools, newest first (at most 500), by status: `pending` lists those waiting for a second person.",
        tags,
        querystring: tillVoidListQuerySchema,
        response: responses(paymentVoidListSchema),
      },
    },
    async (request) =>
      ok(TILL_VOID.loaded, await listVoids({ ctx: app.ctx, auth: authOf(request), input: request.query })),
  );
  app.post(
    '/tills/:id/voids',
    {
      preValidation: authorize('tills.operate'),
      schema: {
        summary: 'Ask to void a cash payment',
        description:
          'The bursar whose till it is asks to void a successful cash payment taken into it while it is still open, with a reason of at least 5 characters. Not a payment refunded, partly kept as family credit, or already voided or waiting (409). The till cannot be closed while the void waits.',
        tags,
        params: idParamsSchema,
        body: tillVoidInputSchema,
        response: responses(paymentVoidSchema),
      },
    },
    async (request) =>
      ok(
        TILL_VOID.requested,
        await requestVoid({
          ctx: app.ctx,
          auth: authOf(request),
          actor: actorOf(request),
          input: request.body,
          tillId: request.params.id,
        }),
      ),
  );
  app.post(
    '/tills/:id/voids/:voidId/approve',
    {
      preValidation: authorize('tills.confirm'),
      schema: {
        summary: 'Approve a void',
        description:
          "Four eyes: never whoever asked for it, recorded the payment, or is the student or a parent of the student it paid for; only a role the school's cash desk settings name (`tillCloseConfirmers`). The whole payment is paid back by a cash refund row out of the same till, the books reverse it and the fee is owed again; the receipt is marked void and its number is not given again.",
        tags,
        params: tillVoidParamsSchema,
        body: tillVoidApproveInputSchema,
        response: responses(paymentVoidSchema),
      },
    },
    async (request) =>
      ok(
        TILL_VOID.approved,
        await approveVoid({
          ctx: app.ctx,
          auth: authOf(request),
          actor: actorOf(request),
          input: request.body,
          tillId: request.params.id,
          voidId: request.params.voidId,
        }),
      ),
  );
  app.post(
    '/tills/:id/voids/:voidId/reject',
    {
      preValidation: authorize('tills.confirm'),
      schema: {
        summary: 'Reject a void',
        description: 'By the same people who may approve it, with a note saying why. The payment stands.',
        tags,
        params: tillVoidParamsSchema,
        body: tillVoidRejectInputSchema,
        response: responses(paymentVoidSchema),
      },
    },
    async (request) =>
      ok(
        TILL_VOID.rejected,
        await rejectVoid({
          ctx: app.ctx,
          auth: authOf(request),
          actor: actorOf(request),
          input: request.body,
          tillId: request.params.id,
          voidId: request.params.voidId,
        }),
      ),
  );
};
