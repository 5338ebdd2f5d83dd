import { principalDashboardSchema, staffManagementSchema } from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http.js';
import { authenticate, authOf, authorize } from '../../plugins/auth.js';
import { principalDashboard, staffManagement } from './principal.service.js';

const tags = ['dashboards'];

export const principalDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);
  app.addHook('preValidation', authorize('dashboard.principal'));

  app.get(
    '/principal/dashboard',
    {
      schema: {
        summary: "The principal's dashboard",
        description:
          "The school's students and staff (no Teacher role exists, so totalTeachers is null), this term's collection, fees waiting for approval, collection by class arm and the last 5 entries of the school's audit trail.",
        tags,
        response: responses(principalDashboardSchema),
      },
    },
    async (request) => ok('Dashboard loaded', await principalDashboard(app.ctx, authOf(request))),
  );

  app.get(
    '/principal/staff-management',
    {
      schema: {
        summary: "The school's staff by role and status",
        tags,
        response: responses(staffManagementSchema),
      },
    },
    async (request) => ok('Staff loaded', await staffManagement(app.ctx, authOf(request))),
  );
};
