import {
  idParamsSchema,
  tillBankInputSchema,
  tillCashUpQuerySchema,
  tillCashUpSchema,
  tillCloseInputSchema,
  tillConfirmInputSchema,
  tillListQuerySchema,
  tillListSchema,
  tillOpenInputSchema,
  tillReportSchema,
  tillSessionSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import {
  bankTill,
  closeTill,
  confirmTill,
  listTills,
  openTill,
  TILL,
  tillCashUp,
  tillReport,
} from './tills.service.js';

const tags = ['tills'];
const params = idParamsSchema;

/** The cash desk's tills: opened, counted and closed, confirmed by a second person, banked. */
export const tillRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  app.post(
    '/tills',
    {
      preValidation: authorize('tills.operate'),
      schema: {
        summary: 'Open a till',
        description:
          'A bursar opens a till at a desk of their school with the opening float counted by note and coin (pieces per denomination, named by face value in naira: "1000" … "0.5"). One open till per bursar per school; cash the bursar records at that school goes into it until it is closed. The float moves from the cash on hand to the till in the books.',
        tags,
        body: tillOpenInputSchema,
        response: responses(tillSessionSchema),
      },
    },
    async (request) =>
      ok(
        TILL.opened,
        await openTill({ ctx: app.ctx, auth: authOf(request), actor: actorOf(request), input: request.body }),
      ),
  );
  app.get(
    '/tills',
    {
      preValidation: authorize('tills.view'),
      schema: {
        summary: 'List till sessions',
        description:
          "The tills of the caller's schools, newest first (at most 500), by status and by the day they were opened.",
        tags,
        querystring: tillListQuerySchema,
        response: responses(tillListSchema),
      },
    },
    async (request) => ok(TILL.loaded, await listTills({ ctx: app.ctx, auth: authOf(request), input: request.query })),
  );
  app.get(
    '/tills/cash-up',
    {
      preValidation: authorize('tills.view'),
      schema: {
        summary: "A school's daily cash-up",
        description:
          "Every till opened at the school on the day (Lagos; today when `date` is left out): desk, bursar, float, cash taken, refunds out of the drawer, expected, counted, variance and its reason, status and banked, and the day's totals with the cash not yet banked (what the tills not banked hold: counted, or expected while open). `school_id` is the caller's own school when left out; a school outside the caller's answers 404.",
        tags,
        querystring: tillCashUpQuerySchema,
        response: responses(tillCashUpSchema),
      },
    },
    async (request) => ok(TILL.cashUp, await tillCashUp({ ctx: app.ctx, auth: authOf(request), input: request.query })),
  );
  app.get(
    '/tills/:id',
    {
      preValidation: authorize('tills.view'),
      schema: {
        summary: 'A till session with its X or Z report',
        description:
          'While open, the X report (`kind: "x"`): the session so far: float, cash taken by whom and by method, refunds of its payments, what the drawer should hold. Once counted, the Z report (`kind: "z"`): also the count, the variance and its reason, who confirmed it, the banking and what remained (counted less banked).',
        tags,
        params,
        response: responses(tillReportSchema),
      },
    },
    async (request) =>
      ok(TILL.report, await tillReport({ ctx: app.ctx, auth: authOf(request), id: request.params.id })),
  );
  app.post(
    '/tills/:id/close',
    {
      preValidation: authorize('tills.operate'),
      schema: {
        summary: 'Count and close a till',
        description:
          "The bursar who opened it counts the drawer by denomination. Expected is the float plus the cash taken less the cash paid back out of the drawer; a variance beyond the school's tolerance needs `variance_reason` (422 TILL_VARIANCE_REASON_REQUIRED). The till then waits for a second person's confirmation.",
        tags,
        params,
        body: tillCloseInputSchema,
        response: responses(tillReportSchema),
      },
    },
    async (request) =>
      ok(
        TILL.closed,
        await closeTill({
          ctx: app.ctx,
          auth: authOf(request),
          actor: actorOf(request),
          input: request.body,
          id: request.params.id,
        }),
      ),
  );
  app.post(
    '/tills/:id/confirm',
    {
      preValidation: authorize('tills.confirm'),
      schema: {
        summary: "Confirm a till's count",
        description:
          "Four eyes: never the person who opened or closed the till, and only a role the school's cash desk settings name (`tillCloseConfirmers`). The variance is posted to Cash over and short.",
        tags,
        params,
        body: tillConfirmInputSchema,
        response: responses(tillSessionSchema),
      },
    },
    async (request) =>
      ok(
        TILL.confirmed,
        await confirmTill({
          ctx: app.ctx,
          auth: authOf(request),
          actor: actorOf(request),
          input: request.body,
          id: request.params.id,
        }),
      ),
  );
  app.post(
    '/tills/:id/bank',
    {
      preValidation: authorize('tills.operate'),
      schema: {
        summary: 'Bank a till',
        description:
          'Once its count is confirmed: the deposit slip number, the bank and the amount banked (at most what was counted; the rest, the float kept back, returns to the cash on hand). The books move it from the till to the bank.',
        tags,
        params,
        body: tillBankInputSchema,
        response: responses(tillSessionSchema),
      },
    },
    async (request) =>
      ok(
        TILL.banked,
        await bankTill({
          ctx: app.ctx,
          auth: authOf(request),
          actor: actorOf(request),
          input: request.body,
          id: request.params.id,
        }),
      ),
  );
};
