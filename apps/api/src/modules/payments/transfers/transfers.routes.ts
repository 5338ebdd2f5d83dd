import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import {
  bankTransferClaimInputSchema,
  idParamsSchema,
  paymentSchema,
  rejectTransferInputSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { filePart, fileResponses, multipartBody, ok, responses } from '../../../lib/http.js';
import { parseOrThrow } from '../../../lib/validation.js';
import { actorOf, authenticate, authOf, authorize } from '../../../plugins/auth.js';
import { readMultipart } from '../../files/image-upload.js';
import { paymentNotFound } from '../payments.errors.js';
import {
  claimTransfer,
  confirmTransfer,
  proofFile,
  proofOf,
  rejectTransfer,
  TRANSFER_CONFIRMED,
  TRANSFER_RECORDED,
  TRANSFER_REJECTED,
} from './transfers.service.js';

const tags = ['payments'];
const params = idParamsSchema;
const PROOF_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

/** Bank transfer claims, their proof images and the bursary's review. */
export const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  app.post(
    '/payment/bank-transfer',
    {
      preValidation: authorize('payments.pay'),
      schema: {
        summary: 'Claim a payment made by bank transfer',
        tags,
        ...multipartBody(
          bankTransferClaimInputSchema.extend({
            proof: filePart('A picture of the transfer receipt (PNG, JPEG, GIF or WebP) under 5MB').optional(),
          }),
        ),
        response: responses(paymentSchema),
      },
    },
    async (request) => {
      const form = await readMultipart(request, 'proof');
      const input = parseOrThrow(bankTransferClaimInputSchema, form.fields);
      return ok(
        TRANSFER_RECORDED,
        await claimTransfer({
          ctx: app.ctx,
          auth: authOf(request),
          input,
          proof: form.file?.buffer ?? null,
          actor: actorOf(request),
        }),
      );
    },
  );

  app.get(
    '/payment/:id/proof',
    {
      schema: {
        summary: 'Get the proof image of a bank transfer claim',
        tags,
        params,
        response: fileResponses('The proof image', Object.values(PROOF_TYPES)),
      },
    },
    async (request, reply) => {
      const proofPath = await proofOf(app.ctx, authOf(request), request.params.id);
      const file = proofFile(app.ctx, proofPath);
      const type = PROOF_TYPES[path.extname(file)];
      if (!type || !(await stat(file).catch(() => null))) throw paymentNotFound();
      return reply
        .header('content-type', type)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="transfer-proof${path.extname(file)}"`)
        .send(createReadStream(file));
    },
  );

  app.post(
    '/payment/:id/confirm-transfer',
    {
      preValidation: authorize('payments.confirmTransfer'),
      schema: { summary: 'Confirm a bank transfer claim', tags, params, response: responses(paymentSchema) },
    },
    async (request) =>
      ok(TRANSFER_CONFIRMED, await confirmTransfer(app.ctx, authOf(request), request.params.id, actorOf(request))),
  );

  app.post(
    '/payment/:id/reject-transfer',
    {
      preValidation: authorize('payments.confirmTransfer'),
      schema: {
        summary: 'Reject a bank transfer claim',
        tags,
        params,
        body: rejectTransferInputSchema,
        response: responses(paymentSchema),
      },
    },
    async (request) =>
      ok(
        TRANSFER_REJECTED,
        await rejectTransfer({
          ctx: app.ctx,
          auth: authOf(request),
          id: request.params.id,
          reason: request.body.reason,
          actor: actorOf(request),
        }),
      ),
  );
};
