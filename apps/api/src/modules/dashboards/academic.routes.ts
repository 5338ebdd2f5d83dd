import {
  academicSummarySchema,
  headteacherDashboardSchema,
  principalAcademicOverviewSchema,
  todayIn,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http.js';
import { authenticate, authOf, authorize } from '../../plugins/auth.js';
import { academicSummary, headteacherDashboard, principalAcademicOverview } from './academic.service.js';

const tags = ['dashboards'];

/** The academic figures of the dashboards, read from the term results schools import. */
export const academicDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);
  const today = () => todayIn('Africa/Lagos', app.ctx.clock());

  app.get(
    '/student/academic-summary',
    {
      preValidation: authorize('dashboard.student'),
      schema: {
        summary: "The signed-in student's recorded term figures",
        tags,
        response: responses(academicSummarySchema),
      },
    },
    async (request) => ok('Academic summary loaded', await academicSummary(app.ctx, authOf(request))),
  );

  app.get(
    '/principal/academic-overview',
    {
      preValidation: authorize('dashboard.principal'),
      schema: {
        summary: "The principal's school: students by class arm, status and gender, and the term's results",
        tags,
        response: responses(principalAcademicOverviewSchema),
      },
    },
    async (request) =>
      ok('Academic overview loaded', await principalAcademicOverview(app.ctx, authOf(request), today())),
  );

  app.get(
    '/headteacher/dashboard',
    {
      preValidation: authorize('dashboard.headteacher'),
      schema: {
        summary: "The head teacher's dashboard: class arms, their fees and the term's results",
        tags,
        response: responses(headteacherDashboardSchema),
      },
    },
    async (request) => ok('Dashboard loaded', await headteacherDashboard(app.ctx, authOf(request), today())),
  );
};
