import {
  auditActivitiesQuerySchema,
  auditEntryDetailSchema,
  auditExportQuerySchema,
  auditLogListSchema,
  auditLogQuerySchema,
  auditReportsSchema,
  auditUserActivitiesSchema,
  auditUserListSchema,
  auditUsersQuerySchema,
  failedLoginsSchema,
  financialAuditQuerySchema,
  financialAuditSchema,
  generateAuditReportInputSchema,
  idParamsSchema,
  securityAuditQuerySchema,
  securityEventsSchema,
} from '@schoolledger/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileResponses, ok, responses } from '../../lib/http.js';
import { TABLE_CONTENT_TYPES } from '../../lib/tabular/index.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import {
  type AuditFile,
  auditReports,
  exportTrail,
  failedLogins,
  financialEvents,
  generateReport,
  listPeoplePage,
  listTrailPage,
  personActivities,
  securityEvents,
  trailEntry,
} from './audit-trail.service.js';

const FILE_TYPES = Object.values(TABLE_CONTENT_TYPES);
const SCOPE_NOTE =
  'Admin, Auditor, Proprietor and Principal, each within their schools; entries about no school only for the super-admin.';

const sendFile = (reply: FastifyReply, file: AuditFile) =>
  reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.body);

/** The audit trail's read side (SPEC §7 `/audit/*`). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['audit'];
  app.addHook('onRequest', authenticate);
  const preValidation = authorize('audit.view');

  app.get(
    '/audit/logs',
    {
      preValidation,
      schema: {
        summary: 'Search the audit trail',
        description: `Newest first, paged. Dates are calendar days in Lagos, both ends included. ${SCOPE_NOTE}`,
        tags,
        querystring: auditLogQuerySchema,
        response: responses(auditLogListSchema),
      },
    },
    async (request) => ok('Audit trail loaded', await listTrailPage(app.ctx, authOf(request), request.query)),
  );

  app.get(
    '/audit/logs/export',
    {
      preValidation,
      schema: {
        summary: 'Export the filtered audit trail',
        description: `The same filters as the list, oldest first, as CSV, Excel or PDF; at most 50,000 entries (422 EXPORT_TOO_LARGE above). The export is itself recorded in the trail. ${SCOPE_NOTE}`,
        tags,
        querystring: auditExportQuerySchema,
        response: fileResponses('The audit trail as a file', FILE_TYPES),
      },
    },
    async (request, reply) =>
      sendFile(reply, await exportTrail(app.ctx, authOf(request), actorOf(request), request.query)),
  );

  app.get(
    '/audit/logs/:id',
    {
      preValidation,
      schema: {
        summary: 'Get one audit entry with what it recorded',
        description:
          '`before` and `after` are as their writer stored them: amounts in them may be kobo or naira. An entry outside your schools is not found.',
        tags,
        params: idParamsSchema,
        response: responses(auditEntryDetailSchema),
      },
    },
    async (request) => ok('Audit entry loaded', await trailEntry(app.ctx, authOf(request), request.params.id)),
  );

  app.get(
    '/audit/users',
    {
      preValidation,
      schema: {
        summary: 'List people with their audit activity',
        description: `Staff of your schools, and anyone else who has entries; most recently active first. ${SCOPE_NOTE}`,
        tags,
        querystring: auditUsersQuerySchema,
        response: responses(auditUserListSchema),
      },
    },
    async (request) => ok('People loaded', await listPeoplePage(app.ctx, authOf(request), request.query)),
  );

  app.get(
    '/audit/users/:id/activities',
    {
      preValidation,
      schema: {
        summary: "List one person's audit entries",
        description: 'Newest first, paged; a person outside your schools is not found.',
        tags,
        params: idParamsSchema,
        querystring: auditActivitiesQuerySchema,
        response: responses(auditUserActivitiesSchema),
      },
    },
    async (request) =>
      ok('Activities loaded', await personActivities(app.ctx, authOf(request), request.params.id, request.query)),
  );

  app.get(
    '/audit/financial/transactions',
    {
      preValidation,
      schema: {
        summary: 'List the money events of the audit trail',
        description:
          'Credits (online, cash, confirmed transfers), transfer claims and rejections, refunds, reviews and disputes, newest first, with counts and recorded amounts per action over everything the filters match.',
        tags,
        querystring: financialAuditQuerySchema,
        response: responses(financialAuditSchema),
      },
    },
    async (request) =>
      ok('Financial audit data loaded', await financialEvents(app.ctx, authOf(request), request.query)),
  );

  app.get(
    '/audit/security/events',
    {
      preValidation,
      schema: {
        summary: 'List security events of the audit trail',
        description: 'Security entries (passwords, settings, keys) and sign-ins, newest first.',
        tags,
        querystring: securityAuditQuerySchema,
        response: responses(securityEventsSchema),
      },
    },
    async (request) => ok('Security events loaded', await securityEvents(app.ctx, authOf(request), request.query)),
  );

  app.get(
    '/audit/security/failed-logins',
    {
      preValidation,
      schema: {
        summary: 'List failed sign-ins',
        description:
          'Refused sign-ins with the email tried, address and browser, newest first. Attempts for no known school are shown to the super-admin only.',
        tags,
        querystring: securityAuditQuerySchema,
        response: responses(failedLoginsSchema),
      },
    },
    async (request) => ok('Failed sign-ins loaded', await failedLogins(app.ctx, authOf(request), request.query)),
  );

  app.get(
    '/audit/reports',
    {
      preValidation,
      schema: {
        summary: 'List the audit reports one can generate',
        description: 'Each kind with its title and description, and the last ten generated in your schools.',
        tags,
        response: responses(auditReportsSchema),
      },
    },
    async (request) => ok('Audit reports loaded', await auditReports(app.ctx, authOf(request))),
  );

  app.post(
    '/audit/generate-report',
    {
      preValidation,
      schema: {
        summary: 'Generate an audit report',
        description:
          'The report as CSV, Excel or PDF, at most 50,000 rows. The download is recorded in the trail and listed by GET /audit/reports.',
        tags,
        body: generateAuditReportInputSchema,
        response: fileResponses('The report as a file', FILE_TYPES),
      },
    },
    async (request, reply) =>
      sendFile(reply, await generateReport(app.ctx, authOf(request), actorOf(request), request.body)),
  );
};
