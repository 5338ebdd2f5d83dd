import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import {
  adjustmentDecisionSchema,
  adjustmentInputSchema,
  adjustmentListQuerySchema,
  adjustmentListSchema,
  adjustmentReversalSchema,
  adjustmentSchema,
  idParamsSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError } from '../../lib/errors.js';
import { filePart, fileResponses, multipartBody, ok, responses } from '../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import { readMultipart } from '../files/image-upload.js';
import { DOCUMENT_MIME_BY_EXTENSION, DOCUMENT_TOO_LARGE, SELECT_DOCUMENT } from '../files/private-documents.service.js';
import { adjustmentNotFound } from './adjustments.errors.js';
import {
  ADJUSTMENT,
  attachDocument,
  createAdjustment,
  DOCUMENT_FIELD,
  decideAdjustment,
  documentOf,
  getAdjustment,
  listAdjustmentPage,
  reverseAdjustment,
} from './adjustments.service.js';

const tags = ['adjustments'];
const params = idParamsSchema;

/** Discounts, scholarships and waivers on one student's fee, and late fees: recorded, approved by another person, reversed. */
export const adjustmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  app.get(
    '/adjustments',
    {
      preValidation: authorize('fees.view'),
      schema: {
        summary: 'List adjustments',
        description: 'Newest first, in your schools; narrowed by school, student, fee or status.',
        tags,
        querystring: adjustmentListQuerySchema,
        response: responses(adjustmentListSchema),
      },
    },
    async (request) => ok(ADJUSTMENT.loaded, await listAdjustmentPage(app.ctx, authOf(request), request.query)),
  );
  app.get(
    '/adjustments/:id',
    {
      preValidation: authorize('fees.view'),
      schema: { summary: 'Get an adjustment', tags, params, response: responses(adjustmentSchema) },
    },
    async (request) => ok('Adjustment loaded', await getAdjustment(app.ctx, authOf(request), request.params.id)),
  );
  app.post(
    '/adjustments',
    {
      preValidation: authorize('adjustments.manage'),
      schema: {
        summary: 'Record a discount, scholarship or waiver',
        description:
          'On an approved fee that applies to the student. It waits for another person to approve it; a reduction larger than what is outstanding is a 422.',
        tags,
        body: adjustmentInputSchema,
        response: responses(adjustmentSchema),
      },
    },
    async (request) =>
      ok(ADJUSTMENT.created, await createAdjustment(app.ctx, authOf(request), request.body, actorOf(request))),
  );
  app.patch(
    '/adjustments/:id/decision',
    {
      preValidation: authorize('adjustments.approve'),
      schema: {
        summary: 'Approve or reject an adjustment',
        description: 'By someone other than the person who recorded it (403 otherwise); only a pending one (409).',
        tags,
        params,
        body: adjustmentDecisionSchema,
        response: responses(adjustmentSchema),
      },
    },
    async (request) => {
      const decided = await decideAdjustment(
        app.ctx,
        authOf(request),
        request.params.id,
        request.body,
        actorOf(request),
      );
      return ok(request.body.status === 'approved' ? ADJUSTMENT.approved : ADJUSTMENT.rejected, decided);
    },
  );
  app.put(
    '/adjustments/:id/document',
    {
      preValidation: authorize('adjustments.manage'),
      schema: {
        summary: 'Attach the document behind an adjustment',
        description: `multipart/form-data with the file under \`${DOCUMENT_FIELD}\`: an image (PNG, JPEG, WebP) or a PDF, told by its content, under 5MB. Replaces an earlier one while the adjustment waits for its decision; once it is decided the document stays as it was (ADJUSTMENT_DOCUMENT_FIXED, 409).`,
        tags,
        params,
        ...multipartBody(z.object({ [DOCUMENT_FIELD]: filePart('An image (PNG, JPEG, WebP) or a PDF under 5MB') })),
        response: responses(adjustmentSchema),
      },
    },
    async (request) => {
      const readFile = async () => {
        const form = await readMultipart(request, DOCUMENT_FIELD, DOCUMENT_TOO_LARGE);
        if (!form.file) throw fieldError(DOCUMENT_FIELD, SELECT_DOCUMENT);
        return form.file.buffer;
      };
      return ok(
        'Document attached',
        await attachDocument(app.ctx, authOf(request), request.params.id, readFile, actorOf(request)),
      );
    },
  );
  app.get(
    '/adjustments/:id/document',
    {
      preValidation: authorize('fees.view'),
      schema: {
        summary: 'Get the document behind an adjustment',
        tags,
        params,
        response: fileResponses('The document', Object.values(DOCUMENT_MIME_BY_EXTENSION)),
      },
    },
    async (request, reply) => {
      const file = await documentOf(app.ctx, authOf(request), request.params.id);
      const type = DOCUMENT_MIME_BY_EXTENSION[path.extname(file)];
      if (!type || !(await stat(file).catch(() => null))) throw adjustmentNotFound();
      return reply
        .header('content-type', type)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="adjustment-document${path.extname(file)}"`)
        .send(createReadStream(file));
    },
  );
  app.post(
    '/adjustments/:id/reverse',
    {
      preValidation: authorize('adjustments.manage'),
      schema: {
        summary: 'Reverse an approved adjustment',
        description: 'A discount withdrawn or a late fee waived, with a reason; the adjustment stays in the history.',
        tags,
        params,
        body: adjustmentReversalSchema,
        response: responses(adjustmentSchema),
      },
    },
    async (request) =>
      ok(
        ADJUSTMENT.reversed,
        await reverseAdjustment(app.ctx, authOf(request), request.params.id, request.body.reason, actorOf(request)),
      ),
  );
};
