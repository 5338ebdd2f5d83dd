import { proprietorDashboardSchema } from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http.js';
import { authenticate, authOf, authorize } from '../../plugins/auth.js';
import { proprietorDashboard } from './proprietor.service.js';

export const proprietorDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  app.get(
    '/proprietor/dashboard',
    {
      preValidation: authorize('dashboard.proprietor'),
      schema: {
        summary: "The proprietor's dashboard",
        description:
          "Each school's current term (expected, collected, outstanding, rate and rank), the group's money by Lagos month and by method over the last 12 months, and the 10 largest debtors across the group.",
        tags: ['dashboards'],
        response: responses(proprietorDashboardSchema),
      },
    },
    async (request) => ok('Dashboard loaded', await proprietorDashboard(app.ctx, authOf(request))),
  );
};
