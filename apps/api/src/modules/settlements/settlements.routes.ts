import {
  fetchSettlementsInputSchema,
  fetchSettlementsResultSchema,
  reconciliationQuerySchema,
  reconciliationSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileResponses, ok, responses } from '../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import { assertSchoolInScope } from '../../plugins/tenancy.js';
import { fetchSettlements, reconciliation, reconciliationCsv } from './settlements.service.js';

const tags = ['settlements'];
const RECONCILIATION =
  'Per day: each settlement as the provider reported it (collected, charges, paid out), what SchoolLedger recorded of its transactions, the statement line it arrived as, and each statement line that reads as a settlement but matches none, with every difference in words. The last 30 days unless `from`/`to` say otherwise, at most 92.';

/** Providers' settlements beside the school's bank statements and its own records. */
export const settlementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  app.post(
    '/settlements/fetch',
    {
      preValidation: authorize('payments.confirmTransfer'),
      schema: {
        summary: "Ask the school's providers for its settlements",
        description:
          "With the school's own Paystack and Flutterwave keys (422 with neither): the settlements of the days (the last two weeks unless given), each kept beside what SchoolLedger recorded of its transactions and matched to the statement lines already imported, which posts it to the books (the bank takes the net, the charges go to their expense account). 502 SETTLEMENT_PROVIDER_FAILED when a provider refuses or does not answer.",
        tags,
        body: fetchSettlementsInputSchema,
        response: responses(fetchSettlementsResultSchema),
      },
    },
    async (request) => {
      assertSchoolInScope(authOf(request).scope, request.body.school_id);
      const result = await fetchSettlements({
        ctx: app.ctx,
        actor: actorOf(request),
        schoolId: request.body.school_id,
        from: request.body.from,
        to: request.body.to,
      });
      return ok(`${result.reported} settlements reported, ${result.matched} matched to the bank`, result);
    },
  );

  app.get(
    '/settlements/reconciliation',
    {
      preValidation: authorize('payments.view'),
      schema: {
        summary: 'Settlements reconciled with the bank and the records',
        description: RECONCILIATION,
        tags,
        querystring: reconciliationQuerySchema,
        response: responses(reconciliationSchema),
      },
    },
    async (request) => {
      assertSchoolInScope(authOf(request).scope, request.query.school_id);
      return ok('Reconciliation loaded', await reconciliation(app.ctx, request.query));
    },
  );

  app.get(
    '/settlements/reconciliation/export',
    {
      preValidation: authorize('payments.view'),
      schema: {
        summary: 'The reconciliation as CSV',
        description: `${RECONCILIATION} One row per settlement or line, then the totals.`,
        tags,
        querystring: reconciliationQuerySchema,
        response: fileResponses('A header row, one row per settlement or line, a total row', ['text/csv']),
      },
    },
    async (request, reply) => {
      assertSchoolInScope(authOf(request).scope, request.query.school_id);
      const report = await reconciliation(app.ctx, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="settlements-${report.from}-to-${report.to}.csv"`)
        .send(reconciliationCsv(report));
    },
  );
};
