import { bursarDashboardSchema, paymentReportQuerySchema, paymentReportSchema } from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http.js';
import { authenticate, authOf, authorize } from '../../plugins/auth.js';
import { bursarDashboard, paymentReport } from './bursar.service.js';

const tags = ['dashboards'];

export const bursarDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  app.get(
    '/bursar/dashboard',
    {
      preValidation: authorize('dashboard.bursar'),
      schema: {
        summary: "The bursar's dashboard",
        description:
          "The school's money, net of refunds: all time, today and this Lagos month; this term's position; payment methods and the revenue trend over the last 6 Lagos months; the last 5 payments; transfer claims and online payments waiting for the bursary.",
        tags,
        response: responses(bursarDashboardSchema),
      },
    },
    async (request) => ok('Dashboard loaded', await bursarDashboard(app.ctx, authOf(request))),
  );

  app.get(
    '/bursar/payment-reports',
    {
      preValidation: authorize('payments.view'),
      schema: {
        summary: 'Payment report',
        description:
          'A page of the payments of a filter and the totals of the whole filter. The range is Lagos days, the last 30 by default and at most 366.',
        tags,
        querystring: paymentReportQuerySchema,
        response: responses(paymentReportSchema),
      },
    },
    async (request) => ok('Payment report loaded', await paymentReport(app.ctx, authOf(request), request.query)),
  );
};
