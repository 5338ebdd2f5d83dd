import {
  entityMessages,
  idParamsSchema,
  idSchema,
  MSG,
  resultImportPreviewSchema,
  resultImportResultSchema,
  resultsListQuerySchema,
  termResultInputSchema,
  termResultListSchema,
  termResultSchema,
  termResultsDeleteQuerySchema,
} from '@schoolledger/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError } from '../../lib/errors.js';
import { filePart, fileResponses, multipartBody, ok, responses } from '../../lib/http.js';
import { parseOrThrow } from '../../lib/validation.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import { readMultipart } from '../files/image-upload.js';
import {
  editResult,
  getResult,
  importResults,
  importTarget,
  listResults,
  removeResult,
  removeTermResults,
} from './results.service.js';
import { checkResultsFile, resultsTemplate } from './results-import.js';

const RESULT = entityMessages('Result');
const tags = ['results'];

/** Term results a school imports from its result software, and the academic figures read from them. */
export const resultRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  app.get(
    '/results/template',
    {
      preValidation: authorize('results.manage'),
      schema: {
        summary: 'Download the term results import template (CSV)',
        tags,
        response: fileResponses('The CSV template', ['text/csv']),
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="results-template.csv"')
        .send(resultsTemplate()),
  );

  const importFields = z.object({
    school_id: idSchema.optional(),
    term_id: idSchema,
    dryRun: z.enum(['true', 'false'], { error: "dryRun is 'true' or 'false'" }).optional(),
  });
  app.post(
    '/results/import',
    {
      preValidation: authorize('results.manage'),
      schema: {
        summary: "Import a term's results from a CSV or Excel file (dryRun previews without writing)",
        tags,
        ...multipartBody(importFields.extend({ file: filePart('The results as a CSV or Excel file') })),
        response: responses(z.union([resultImportPreviewSchema, resultImportResultSchema])),
      },
    },
    async (request: FastifyRequest) => {
      const auth = authOf(request);
      const form = await readMultipart(request, 'file', MSG.fileTooLarge);
      const fields = parseOrThrow(importFields, form.fields);
      const target = await importTarget(app.ctx, auth, { schoolId: fields.school_id, termId: fields.term_id });
      if (!form.file) throw fieldError('file', 'Please select a CSV or Excel file');
      const parsed = await checkResultsFile(app.ctx.db, target, form.file.buffer);
      const { validCount, invalidCount } = parsed.preview;
      if (fields.dryRun === 'true') {
        return ok(`${validCount} rows ready to import, ${invalidCount} with errors`, parsed.preview);
      }
      if (validCount === 0) throw fieldError('file', `No valid rows to import: ${invalidCount} rows have errors`);
      const result = await importResults(app.ctx, target, parsed, form.file.filename, actorOf(request));
      const message = [
        `Imported results for ${result.created + result.updated} students`,
        ...(result.failed ? [`${result.failed} ${result.failed === 1 ? 'row' : 'rows'} with errors skipped`] : []),
      ].join('. ');
      return ok(message, result);
    },
  );

  app.get(
    '/results',
    {
      preValidation: authorize('results.view'),
      schema: {
        summary: "List a term's results",
        tags,
        querystring: resultsListQuerySchema,
        response: responses(termResultListSchema),
      },
    },
    async (request) => ok('Results loaded', await listResults(app.ctx, authOf(request), request.query)),
  );

  app.delete(
    '/results',
    {
      preValidation: authorize('results.manage'),
      schema: {
        summary: 'Delete every result of a term',
        tags,
        querystring: termResultsDeleteQuerySchema,
        response: responses(z.object({ deleted: z.number().int() })),
      },
    },
    async (request) => {
      const result = await removeTermResults(app.ctx, authOf(request), request.query.term_id, actorOf(request));
      return ok(`Deleted ${result.deleted} results`, result);
    },
  );

  app.get(
    '/results/:id',
    {
      preValidation: authorize('results.view'),
      schema: {
        summary: "Get one student's term result",
        tags,
        params: idParamsSchema,
        response: responses(termResultSchema),
      },
    },
    async (request) => ok('Result loaded', await getResult(app.ctx, authOf(request), request.params.id)),
  );

  app.put(
    '/results/:id',
    {
      preValidation: authorize('results.manage'),
      schema: {
        summary: "Edit one student's term result",
        tags,
        params: idParamsSchema,
        body: termResultInputSchema,
        response: responses(termResultSchema),
      },
    },
    async (request) =>
      ok(RESULT.updated, await editResult(app.ctx, authOf(request), request.params.id, request.body, actorOf(request))),
  );

  app.delete(
    '/results/:id',
    {
      preValidation: authorize('results.manage'),
      schema: {
        summary: "Delete one student's term result",
        tags,
        params: idParamsSchema,
        response: responses(z.null()),
      },
    },
    async (request) => {
      await removeResult(app.ctx, authOf(request), request.params.id, actorOf(request));
      return ok(RESULT.deleted, null);
    },
  );
};
