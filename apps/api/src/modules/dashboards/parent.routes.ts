import {
  familyPaymentPageSchema,
  idParamsSchema,
  parentChildSchema,
  parentDashboardSchema,
  paymentHistoryQuerySchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http.js';
import { authenticate, authOf, authorize } from '../../plugins/auth.js';
import { asPayer } from './family.service.js';
import { parentChild, parentDashboard, parentPaymentHistory } from './parent.service.js';

const tags = ['dashboards'];

/** SPEC §7 parent dashboard calls. */
export const parentDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);
  app.addHook('preValidation', authorize('dashboard.parent'));

  app.get(
    '/parent/dashboard',
    {
      schema: {
        summary: "The signed-in parent's dashboard: a card per linked child, totals, reminder, recent payments",
        tags,
        response: responses(parentDashboardSchema),
      },
    },
    async (request) => ok('Dashboard loaded', await parentDashboard(app.ctx, asPayer(authOf(request), 'Parent'))),
  );
  app.get(
    '/parent/child/:id',
    {
      schema: {
        summary: "One of the parent's children: fees with what is owed, payments, results",
        tags,
        params: idParamsSchema,
        response: responses(parentChildSchema),
      },
    },
    async (request) =>
      ok('Child loaded', await parentChild(app.ctx, asPayer(authOf(request), 'Parent'), request.params.id)),
  );
  app.get(
    '/parent/payment-history',
    {
      schema: {
        summary: "Payments of the parent's children, newest first",
        tags,
        querystring: paymentHistoryQuerySchema,
        response: responses(familyPaymentPageSchema),
      },
    },
    async (request) =>
      ok(
        'Payment history loaded',
        await parentPaymentHistory(app.ctx, asPayer(authOf(request), 'Parent'), request.query),
      ),
  );
};
