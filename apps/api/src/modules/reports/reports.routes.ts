import {
  EXPORT_FORMATS,
  generateReportInputSchema,
  idParamsSchema,
  reportCatalogSchema,
  reportPreviewInputSchema,
  reportPreviewSchema,
  reportRunSchema,
  reportRunsSchema,
  reportScheduleInputSchema,
  reportScheduleSchema,
  reportSchedulesSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponses, ok, responses } from '../../lib/http.js';
import { TABLE_CONTENT_TYPES } from '../../lib/tabular/index.js';
import { actorOf, authenticate, authOf } from '../../plugins/auth.js';
import { downloadReportRun, getReportRun, listReportRuns, requestReportRun } from './report-runs.service.js';
import { createSchedule, listSchedules, removeSchedule } from './report-schedules.service.js';
import { previewReport, reportCatalog } from './reports.service.js';

const tags = ['reports'];
const SCOPE_NOTE =
  'Each report says who may run it (GET /reports/catalog); its data are limited to your schools, and an id outside them answers 404.';

/** The Reports screen: the catalogue, previews, files made by the job runner, and schedules. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  app.get(
    '/reports/catalog',
    {
      schema: {
        summary: 'The reports you may run',
        description: 'Each with its category, the filters it takes and those it needs.',
        tags,
        response: responses(reportCatalogSchema),
      },
    },
    async (request) => ok('Reports loaded', reportCatalog(authOf(request))),
  );

  app.post(
    '/reports/preview',
    {
      schema: {
        summary: 'Preview a report',
        description: `Every section's first 100 rows and its totals over all rows. A filter the report does not take is a 422. ${SCOPE_NOTE}`,
        tags,
        body: reportPreviewInputSchema,
        response: responses(reportPreviewSchema),
      },
    },
    async (request) => ok('Report generated', await previewReport(app.ctx, authOf(request), request.body)),
  );

  app.post(
    '/reports/runs',
    {
      schema: {
        summary: 'Generate a report file',
        description: `Checks the request and queues the file (PDF, Excel or CSV) for the job runner; poll GET /reports/runs/{id} for its progress, then download it. With \`emailTo\`, the address of a person of the caller's schools (another is a 422), the file is also emailed when ready. Files are kept 7 days. ${SCOPE_NOTE}`,
        tags,
        body: generateReportInputSchema,
        response: { ...responses(reportRunSchema), 202: responses(reportRunSchema)[200] },
      },
    },
    async (request, reply) => {
      const run = await requestReportRun(app.ctx, authOf(request), actorOf(request), request.body);
      return reply.code(202).send(ok('Report queued', run));
    },
  );

  app.get(
    '/reports/runs',
    {
      schema: {
        summary: 'Your recent report files',
        description: 'The last 20 you asked for, newest first, with their status.',
        tags,
        response: responses(reportRunsSchema),
      },
    },
    async (request) => ok('Report files loaded', await listReportRuns(app.ctx, authOf(request))),
  );

  app.get(
    '/reports/runs/:id',
    {
      schema: {
        summary: 'One report file: status and progress',
        description: 'Yours, or one you may run for its school.',
        tags,
        params: idParamsSchema,
        response: responses(reportRunSchema),
      },
    },
    async (request) => ok('Report file loaded', await getReportRun(app.ctx, authOf(request), request.params.id)),
  );

  app.get(
    '/reports/runs/:id/file',
    {
      schema: {
        summary: 'Download a report file',
        description:
          'The file once ready (409 REPORT_NOT_READY before; 404 REPORT_EXPIRED after 7 days). The download is recorded in the audit trail.',
        tags,
        params: idParamsSchema,
        response: fileResponses(
          'The report',
          EXPORT_FORMATS.map((format) => TABLE_CONTENT_TYPES[format]),
        ),
      },
    },
    async (request, reply) => {
      const file = await downloadReportRun(app.ctx, authOf(request), actorOf(request), request.params.id);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.get(
    '/reports/schedules',
    {
      schema: {
        summary: 'Your report schedules',
        tags,
        response: responses(reportSchedulesSchema),
      },
    },
    async (request) => ok('Schedules loaded', await listSchedules(app.ctx, authOf(request))),
  );

  app.post(
    '/reports/schedules',
    {
      schema: {
        summary: 'Email a report on a schedule',
        description:
          'Weekly on a weekday or monthly on the 1st, at a Lagos hour. A report that takes dates and was saved without them covers the 7 days (or the calendar month) before each run. It runs with your access at that time, and goes only to a person of your schools (another address is a 422).',
        tags,
        body: reportScheduleInputSchema,
        response: responses(reportScheduleSchema),
      },
    },
    async (request) =>
      ok('Schedule saved', await createSchedule(app.ctx, authOf(request), actorOf(request), request.body)),
  );

  app.delete(
    '/reports/schedules/:id',
    {
      schema: {
        summary: 'Stop a report schedule',
        tags,
        params: idParamsSchema,
        response: responses(z.null()),
      },
    },
    async (request) => {
      await removeSchedule(app.ctx, authOf(request), actorOf(request), request.params.id);
      return ok('Schedule removed', null);
    },
  );
};
