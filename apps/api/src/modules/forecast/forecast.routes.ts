import {
  commitmentInputSchema,
  commitmentListQuerySchema,
  commitmentListSchema,
  commitmentSchema,
  forecastDebtorsQuerySchema,
  forecastDebtorsSchema,
  forecastQuerySchema,
  forecastSchema,
  idParamsSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import {
  addCommitment,
  FORECAST,
  getForecast,
  getForecastDebtors,
  listCommitments,
  removeCommitment,
} from './forecast.service.js';

const tags = ['forecast'];

/** The term's collections forecast and the cash flow ahead, with the commitments it counts. */
export const forecastRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  app.get(
    '/forecast',
    {
      preValidation: authorize('forecast.view'),
      schema: {
        summary: "The term's collections forecast and cash flow",
        description:
          "For each school in the caller's scope (or the one named): its current term's collection curve (the share of the bill collected by each day since the term began) beside its past terms' (the same term of last year first), the forecast to the term's end with a low and a high line (the median, lowest and highest of the past terms' shapes replayed from today and scaled to this term's bill; none with fewer than two past terms), how the same method did on the closed terms, and the cash flow week by week: what is expected in against approved expenses not yet paid and the monthly commitments, from the cash held in the books, with the days the low line does not cover.",
        tags,
        querystring: forecastQuerySchema,
        response: responses(forecastSchema),
      },
    },
    async (request) =>
      ok(FORECAST.loaded, await getForecast({ ctx: app.ctx, auth: authOf(request), input: request.query })),
  );

  app.get(
    '/forecast/debtors',
    {
      preValidation: authorize('forecast.view'),
      schema: {
        summary: 'What moves the forecast',
        description:
          "For one school's current term: what the low forecast leaves uncovered of all that falls due by the term's end (the gap), its 20 largest debtors largest first (those whose payments together would close the gap marked) with the payment reminders their families were sent, and each day the school reminded many families at once with what came in the week before and the week after. 404 for a school outside the caller's scope.",
        tags,
        querystring: forecastDebtorsQuerySchema,
        response: responses(forecastDebtorsSchema),
      },
    },
    async (request) =>
      ok(FORECAST.debtors, await getForecastDebtors({ ctx: app.ctx, auth: authOf(request), input: request.query })),
  );

  app.get(
    '/forecast/commitments',
    {
      preValidation: authorize('forecast.view'),
      schema: {
        summary: 'List monthly commitments',
        description: "What the caller's schools (or the one named) pay every month: salaries, rent, loan repayments.",
        tags,
        querystring: commitmentListQuerySchema,
        response: responses(commitmentListSchema),
      },
    },
    async (request) =>
      ok(
        FORECAST.commitments,
        await listCommitments({ ctx: app.ctx, auth: authOf(request), schoolId: request.query.school_id }),
      ),
  );

  app.post(
    '/forecast/commitments',
    {
      preValidation: authorize('forecast.manage'),
      schema: {
        summary: 'Add a monthly commitment',
        description:
          'A payment the school makes every month on the same day (the last day of a shorter month), from its first month to its last (none: it goes on).',
        tags,
        body: commitmentInputSchema,
        response: responses(commitmentSchema),
      },
    },
    async (request) =>
      ok(
        FORECAST.commitmentAdded,
        await addCommitment({ ctx: app.ctx, auth: authOf(request), actor: actorOf(request), input: request.body }),
      ),
  );

  app.delete(
    '/forecast/commitments/:id',
    {
      preValidation: authorize('forecast.manage'),
      schema: {
        summary: 'Remove a monthly commitment',
        tags,
        params: idParamsSchema,
        response: responses(commitmentSchema),
      },
    },
    async (request) =>
      ok(
        FORECAST.commitmentRemoved,
        await removeCommitment({ ctx: app.ctx, auth: authOf(request), actor: actorOf(request), id: request.params.id }),
      ),
  );
};
