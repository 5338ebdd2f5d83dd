import {
  approveFeeRequestSchema,
  FEE_TYPES,
  feeHistoryEntrySchema,
  feeInputSchema,
  feeListQuerySchema,
  feeListSchema,
  feeSchema,
  feeStatsQuerySchema,
  feeStatsSchema,
  idParamsSchema,
  idSchema,
  nairaResponseAmount,
  outstandingReportFileName,
  outstandingReportQuerySchema,
  outstandingReportSchema,
  owedFeesQuerySchema,
  owedFeesSchema,
  rejectFeeRequestSchema,
  studentFeesQuerySchema,
  studentFeesSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponses, ok, responses } from '../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import {
  approveFee,
  createFee,
  deleteFee,
  FEE,
  feeHistory,
  feeStats,
  getFee,
  listFeePage,
  rejectFee,
  updateFee,
} from './fees.service.js';
import { toOutstandingCsv } from './outstanding-report.presenters.js';
import { outstandingReport, outstandingReportDownload } from './outstanding-report.service.js';
import { owedFees } from './owed-fees.service.js';
import { studentFees } from './student-fees.service.js';

const tags = ['fees'];
const params = idParamsSchema;
const termParams = z.object({ term_id: idSchema });
const listQuery = feeListQuerySchema.omit({ status: true });
/** SPEC §7 outstanding fees: what is left to pay on each fee of the term, and the total. */
const outstandingFeesSchema = z.object({
  outstandingFees: z.array(
    z.object({
      _id: idSchema,
      name: z.string(),
      type: z.enum(FEE_TYPES),
      amount: nairaResponseAmount,
      dueDate: z.string(),
    }),
  ),
  totalAmount: nairaResponseAmount,
});

export const feeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  /* Lists: every list is the same page of fees, narrowed by its path. */

  app.get(
    '/fee/all',
    { schema: { summary: 'List fees', tags, querystring: feeListQuerySchema, response: responses(feeListSchema) } },
    async (request) => ok('Fees loaded', await listFeePage(app.ctx, authOf(request), request.query)),
  );
  const byStatus = [
    ['get-approved-fees', 'approved', 'Approved fees loaded'],
    ['get-unapproved-fees', 'pending', 'Unapproved fees loaded'],
  ] as const;
  for (const [path, status, message] of byStatus) {
    app.get(
      `/fee/${path}`,
      {
        schema: {
          summary: 'List fees by approval status',
          tags,
          querystring: listQuery,
          response: responses(feeListSchema),
        },
      },
      async (request) => ok(message, await listFeePage(app.ctx, authOf(request), { ...request.query, status })),
    );
    app.get(
      `/fee/:term_id/${path}`,
      {
        schema: {
          summary: 'List the fees of a term by approval status',
          tags,
          params: termParams,
          querystring: listQuery,
          response: responses(feeListSchema),
        },
      },
      async (request) =>
        ok(
          message,
          await listFeePage(app.ctx, authOf(request), { ...request.query, term_id: request.params.term_id, status }),
        ),
    );
  }
  app.get(
    '/fee/term',
    {
      schema: {
        summary: 'List the fees of a term',
        tags,
        querystring: feeListQuerySchema.extend({ term_id: idSchema }),
        response: responses(feeListSchema),
      },
    },
    async (request) => ok('Fees loaded', await listFeePage(app.ctx, authOf(request), request.query)),
  );
  app.get(
    '/fee/school/:id',
    {
      schema: {
        summary: 'List the fees of a school',
        tags,
        params,
        querystring: feeListQuerySchema.omit({ school_id: true }),
        response: responses(feeListSchema),
      },
    },
    async (request) =>
      ok(
        'Fees loaded',
        await listFeePage(app.ctx, authOf(request), { ...request.query, school_id: request.params.id }),
      ),
  );
  for (const url of ['/fee/stats', '/fee/all/stats']) {
    app.get(
      url,
      {
        preValidation: authorize('fees.view'),
        schema: {
          summary: 'Fee statistics',
          tags,
          querystring: feeStatsQuerySchema,
          response: responses(feeStatsSchema),
        },
      },
      async (request) => ok('Fee statistics loaded', await feeStats(app.ctx, authOf(request), request.query)),
    );
  }

  /* One fee */

  app.get(
    '/fee/:id',
    { schema: { summary: 'Get a fee', tags, params, response: responses(feeSchema) } },
    async (request) => ok('Fee loaded', await getFee(app.ctx, authOf(request), request.params.id)),
  );
  app.get(
    '/fee/:id/history',
    {
      preValidation: authorize('fees.view'),
      schema: {
        summary: 'Get the change history of a fee',
        tags,
        params,
        response: responses(z.array(feeHistoryEntrySchema)),
      },
    },
    async (request) => ok('Fee history loaded', await feeHistory(app.ctx, authOf(request), request.params.id)),
  );
  app.post(
    '/fee/create',
    {
      preValidation: authorize('fees.manage'),
      schema: { summary: 'Create a fee', tags, body: feeInputSchema, response: responses(feeSchema) },
    },
    async (request) => ok(FEE.created, await createFee(app.ctx, authOf(request), request.body, actorOf(request))),
  );
  app.put(
    '/fee/:id/update',
    {
      preValidation: authorize('fees.manage'),
      schema: { summary: 'Update a fee', tags, params, body: feeInputSchema, response: responses(feeSchema) },
    },
    async (request) =>
      ok(FEE.updated, await updateFee(app.ctx, authOf(request), request.params.id, request.body, actorOf(request))),
  );
  app.delete(
    '/fee/:id/delete',
    {
      preValidation: authorize('fees.manage'),
      schema: { summary: 'Delete a fee', tags, params, response: responses(z.null()) },
    },
    async (request) => {
      await deleteFee(app.ctx, authOf(request), request.params.id, actorOf(request));
      return ok(FEE.deleted, null);
    },
  );
  app.post(
    '/fee/:id/approve',
    {
      preValidation: authorize('fees.approve'),
      schema: {
        summary: 'Approve a fee',
        tags,
        params,
        body: approveFeeRequestSchema.optional(),
        response: responses(feeSchema),
      },
    },
    async (request) =>
      ok('Fee approved successfully!', await approveFee(app.ctx, authOf(request), request.params.id, actorOf(request))),
  );
  app.post(
    '/fee/:id/reject',
    {
      preValidation: authorize('fees.approve'),
      schema: { summary: 'Reject a fee', tags, params, body: rejectFeeRequestSchema, response: responses(feeSchema) },
    },
    async (request) =>
      ok(
        'Fee rejected',
        await rejectFee(app.ctx, authOf(request), request.params.id, request.body.reason, actorOf(request)),
      ),
  );

  /* What a student owes */

  app.get(
    '/student/fees',
    {
      schema: {
        summary: 'List the fees of a student with what is paid and owed',
        tags,
        querystring: studentFeesQuerySchema,
        response: responses(studentFeesSchema),
      },
    },
    async (request) => ok('Student fees loaded', await studentFees(app.ctx, authOf(request), request.query)),
  );
  app.get(
    '/parent/children/:id/fees',
    {
      schema: {
        summary: "List the fees of a parent's child",
        tags,
        params,
        querystring: studentFeesQuerySchema.omit({ student_id: true }),
        response: responses(studentFeesSchema),
      },
    },
    async (request) =>
      ok(
        'Student fees loaded',
        await studentFees(app.ctx, authOf(request), { ...request.query, student_id: request.params.id }),
      ),
  );
  app.get(
    '/student/outstanding-fees',
    {
      schema: {
        summary: 'List the fees a student still owes',
        tags,
        querystring: studentFeesQuerySchema,
        response: responses(outstandingFeesSchema),
      },
    },
    async (request) => {
      const { fees, summary } = await studentFees(app.ctx, authOf(request), request.query);
      return ok('Outstanding fees loaded', {
        outstandingFees: fees
          .filter((item) => !item.isPaid)
          .map((item) => ({
            _id: item.fee._id,
            name: item.fee.name,
            type: item.fee.type,
            amount: item.outstanding,
            dueDate: item.dueDate,
          })),
        totalAmount: summary.totalOutstanding,
      });
    },
  );
  app.get(
    '/bursar/owed-fees',
    {
      preValidation: authorize('payments.cash'),
      schema: {
        summary: 'What every student of a school still owes',
        tags,
        description:
          "Each active student who owes something, with every fee owed from terms that have started (arrears included), as /student/fees?unpaid=true gives for one student. The cash desk keeps it on the device to take cash while the network is down. Without school_id: the caller's own school.",
        querystring: owedFeesQuerySchema,
        response: responses(owedFeesSchema),
      },
    },
    async (request) => ok('Owed fees loaded', await owedFees(app.ctx, authOf(request), request.query)),
  );
  app.get(
    '/bursar/outstanding-fees-report',
    {
      preValidation: authorize('fees.reports'),
      schema: {
        summary: 'Outstanding fees report of a term',
        tags,
        description:
          'Expected, paid and outstanding per class arm and per student. Without term_id: the term whose dates include today; between terms the one that ended last; before the first term, that term.',
        querystring: outstandingReportQuerySchema,
        response: responses(outstandingReportSchema),
      },
    },
    async (request) =>
      ok('Outstanding fees report loaded', await outstandingReport(app.ctx, authOf(request), request.query)),
  );
  app.get(
    '/bursar/outstanding-fees-report/export',
    {
      preValidation: authorize('fees.reports'),
      schema: {
        summary: 'Outstanding fees report of a term as CSV',
        tags,
        description: 'The same report as CSV: one row per student, then the total. Same query and default term.',
        querystring: outstandingReportQuerySchema,
        response: fileResponses('A header row, one row per student, a total row', ['text/csv']),
      },
    },
    async (request, reply) => {
      const report = await outstandingReportDownload(app.ctx, authOf(request), request.query, actorOf(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${outstandingReportFileName(report.term)}"`)
        .send(toOutstandingCsv(report));
    },
  );
};
