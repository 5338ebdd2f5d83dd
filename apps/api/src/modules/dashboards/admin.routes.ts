import {
  adminDashboardSchema,
  auditorDashboardSchema,
  financialOverviewQuerySchema,
  financialOverviewSchema,
  ictDashboardSchema,
  systemActivitiesQuerySchema,
  systemActivitiesSchema,
  systemOverviewSchema,
  userManagementSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http.js';
import { authenticate, authOf, authorize } from '../../plugins/auth.js';
import {
  adminDashboard,
  financialOverview,
  ictDashboard,
  systemActivities,
  systemOverview,
  userManagement,
} from './admin.service.js';
import { auditorDashboard } from './auditor.service.js';

const SCOPE_NOTE = 'Counted over the schools the caller may see; the super-admin sees every school.';

/** The administrator's, ICT administrator's and auditor's dashboards and the admin overviews (issue 14). */
export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  app.get(
    '/admin/dashboard',
    {
      preValidation: authorize('dashboard.admin'),
      schema: {
        summary: "The administrator's dashboard: schools, people, revenue, payments waiting, recent activity",
        description: `totalRevenue is everything ever credited, net of refunds. pendingPayments counts bank transfer claims waiting for the bursary and online payments held for review. ${SCOPE_NOTE}`,
        tags: ['dashboards'],
        response: responses(adminDashboardSchema),
      },
    },
    async (request) => ok('Dashboard loaded', await adminDashboard(app.ctx, authOf(request))),
  );

  app.get(
    '/admin/system-activities',
    {
      preValidation: authorize('dashboard.admin'),
      schema: {
        summary: 'The newest entries of the audit trail, told as system activities',
        description: `limit: 1 to 50, default 10. ${SCOPE_NOTE}`,
        tags: ['dashboards'],
        querystring: systemActivitiesQuerySchema,
        response: responses(systemActivitiesSchema),
      },
    },
    async (request) =>
      ok('System activities loaded', await systemActivities(app.ctx, authOf(request), request.query.limit)),
  );

  app.get(
    '/admin/user-management',
    {
      preValidation: authorize('dashboard.admin'),
      schema: {
        summary: 'People by role and status, new this month, locked out now and never signed in',
        description: SCOPE_NOTE,
        tags: ['dashboards'],
        response: responses(userManagementSchema),
      },
    },
    async (request) => ok('User management data loaded', await userManagement(app.ctx, authOf(request))),
  );

  app.get(
    '/admin/system-overview',
    {
      preValidation: authorize('overview.system'),
      schema: {
        summary: 'Server, database, storage, active users, job queue, email outbox, last backup and alerts',
        description:
          'Storage is the data disk as the operating system reports it. Alerts are derived from the figures: nothing is raised when every part is healthy.',
        tags: ['dashboards'],
        response: responses(systemOverviewSchema),
      },
    },
    async (request) => ok('System overview loaded', await systemOverview(app.ctx, app.database, authOf(request))),
  );

  app.get(
    '/admin/financial-overview',
    {
      preValidation: authorize('overview.financial'),
      schema: {
        summary:
          'Revenue of a period against the one before, by method and day or month, payment statuses and the term',
        description: `period: week (the last 7 days), month, quarter or year to date, or a number of days up to today (1 to 366, days drawn one by one up to 92), Lagos time; default month. ${SCOPE_NOTE}`,
        tags: ['dashboards'],
        querystring: financialOverviewQuerySchema,
        response: responses(financialOverviewSchema),
      },
    },
    async (request) =>
      ok('Financial overview loaded', await financialOverview(app.ctx, authOf(request), request.query.period)),
  );

  app.get(
    '/ict-admin/dashboard',
    {
      preValidation: authorize('system.view'),
      schema: {
        summary: 'People locked out now and the recent technical (system and security) activities',
        description: SCOPE_NOTE,
        tags: ['ict-admin'],
        response: responses(ictDashboardSchema),
      },
    },
    async (request) => ok('ICT dashboard loaded', await ictDashboard(app.ctx, authOf(request))),
  );

  app.get(
    '/auditor/dashboard',
    {
      preValidation: authorize('dashboard.auditor'),
      schema: {
        summary:
          "The auditor's dashboard: audit entries, serious entries, sign-in security, reviews, disputes, reconciliation",
        description: `Counts over the last 30 days unless named otherwise. ${SCOPE_NOTE}`,
        tags: ['dashboards'],
        response: responses(auditorDashboardSchema),
      },
    },
    async (request) => ok('Dashboard loaded', await auditorDashboard(app.ctx, authOf(request))),
  );
};
