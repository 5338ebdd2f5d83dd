import { familyPaymentPageSchema, studentDashboardSchema, studentPaymentsQuerySchema } from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http.js';
import { authenticate, authOf, authorize } from '../../plugins/auth.js';
import { asPayer } from './family.service.js';
import { studentDashboard, studentPayments } from './student.service.js';

const tags = ['dashboards'];

/** SPEC §7 student dashboard calls (/student/outstanding-fees is the fee module's). */
export const studentDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);
  app.addHook('preValidation', authorize('dashboard.student'));

  app.get(
    '/student/dashboard',
    {
      schema: {
        summary: "The signed-in student's dashboard: fees owed and paid, recent payments, results, payment methods",
        tags,
        response: responses(studentDashboardSchema),
      },
    },
    async (request) => ok('Dashboard loaded', await studentDashboard(app.ctx, asPayer(authOf(request), 'Student'))),
  );
  app.get(
    '/student/payments',
    {
      schema: {
        summary: "The signed-in student's payments, newest first",
        tags,
        querystring: studentPaymentsQuerySchema,
        response: responses(familyPaymentPageSchema),
      },
    },
    async (request) =>
      ok('Payments loaded', await studentPayments(app.ctx, asPayer(authOf(request), 'Student'), request.query)),
  );
};
