import {
  type PaymentMethod,
  paymentAnalyticsQuerySchema,
  paymentAnalyticsSchema,
  paymentListQuerySchema,
  paymentListSchema,
  paymentStatsQuerySchema,
  paymentStatsSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../../lib/http.js';
import { authenticate, authOf, authorize } from '../../../plugins/auth.js';
import { paymentAnalytics } from './analytics.service.js';
import { getPaymentStats, listPaymentPage } from './lists.service.js';

const tags = ['payments'];
/** SPEC §7 per-method lists: the same list with the method fixed. */
const METHOD_LISTS: [string, PaymentMethod][] = [
  ['/payment/get-paystack', 'paystack'],
  ['/payment/get-Bank_transfer', 'bank_transfer'],
  ['/payment/get-payments-by-flutterwave', 'flutterwave'],
  ['/payment/get-payments-by-cash', 'cash'],
];
/** Payment history, statistics and analytics. */
export const reportingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  app.get(
    '/payment/all',
    {
      schema: {
        summary: 'List payments',
        tags,
        querystring: paymentListQuerySchema,
        response: responses(paymentListSchema),
      },
    },
    async (request) => ok('Payments loaded', await listPaymentPage(app.ctx, authOf(request), request.query)),
  );

  const fixedMethodQuery = paymentListQuerySchema.omit({ method: true });
  for (const [url, method] of METHOD_LISTS) {
    app.get(
      url,
      {
        schema: {
          summary: 'List the payments of one method',
          tags,
          querystring: fixedMethodQuery,
          response: responses(paymentListSchema),
        },
      },
      async (request) =>
        ok('Payments loaded', await listPaymentPage(app.ctx, authOf(request), { ...request.query, method })),
    );
  }

  for (const url of ['/payment/stats', '/payment/all/stats']) {
    app.get(
      url,
      {
        preValidation: authorize('payments.view'),
        schema: {
          summary: 'Payment statistics',
          tags,
          querystring: paymentStatsQuerySchema,
          response: responses(paymentStatsSchema),
        },
      },
      async (request) =>
        ok('Payment statistics loaded', await getPaymentStats(app.ctx, authOf(request), request.query)),
    );
  }

  app.get(
    '/payment/analytics',
    {
      preValidation: authorize('payments.view'),
      schema: {
        summary: 'Payment analytics over time',
        tags,
        querystring: paymentAnalyticsQuerySchema,
        response: responses(paymentAnalyticsSchema),
      },
    },
    async (request) => ok('Payment analytics loaded', await paymentAnalytics(app.ctx, authOf(request), request.query)),
  );
};
