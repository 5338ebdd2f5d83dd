import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import {
  bankTransferClaimInputSchema,
  errorResponseSchema,
  idParamsSchema,
  type PaymentMethod,
  paymentAnalyticsQuerySchema,
  paymentAnalyticsSchema,
  paymentListQuerySchema,
  paymentListSchema,
  paymentSchema,
  paymentStatsQuerySchema,
  paymentStatsSchema,
  refundInputSchema,
  rejectTransferInputSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { fileResponses, ok, responses } from '../../lib/http.js';
import { parseOrThrow } from '../../lib/validation.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import { readMultipart } from '../files/image-upload.js';
import { paymentAnalytics } from './analytics.service.js';
import { getPaymentStats, listPaymentPage, PAYMENT, proofOf } from './payment-records.service.js';
import { refundPayment } from './refunds.service.js';
import {
  claimTransfer,
  confirmTransfer,
  proofFile,
  rejectTransfer,
  TRANSFER_CONFIRMED,
  TRANSFER_RECORDED,
  TRANSFER_REJECTED,
} from './transfers.service.js';

const tags = ['payments'];
const params = idParamsSchema;
/** SPEC §7 per-method lists: the same list with the method fixed. */
const METHOD_LISTS: [string, PaymentMethod][] = [
  ['/payment/get-paystack', 'paystack'],
  ['/payment/get-Bank_transfer', 'bank_transfer'],
  ['/payment/get-payments-by-flutterwave', 'flutterwave'],
  ['/payment/get-payments-by-cash', 'cash'],
];
const PROOF_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};
const withProviderErrors = <T extends z.ZodType>(data: T) => ({ ...responses(data), 502: errorResponseSchema });

/** Payment history, statistics and analytics, bank transfer claims and their review, refunds. */
export const paymentRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  app.get(
    '/payment/all',
    {
      schema: {
        summary: 'List payments',
        tags,
        querystring: paymentListQuerySchema,
        response: responses(paymentListSchema),
      },
    },
    async (request) => ok('Payments loaded', await listPaymentPage(app.ctx, authOf(request), request.query)),
  );

  const fixedMethodQuery = paymentListQuerySchema.omit({ method: true });
  for (const [url, method] of METHOD_LISTS) {
    app.get(
      url,
      {
        schema: {
          summary: 'List the payments of one method',
          tags,
          querystring: fixedMethodQuery,
          response: responses(paymentListSchema),
        },
      },
      async (request) =>
        ok('Payments loaded', await listPaymentPage(app.ctx, authOf(request), { ...request.query, method })),
    );
  }

  for (const url of ['/payment/stats', '/payment/all/stats']) {
    app.get(
      url,
      {
        preValidation: authorize('payments.view'),
        schema: {
          summary: 'Payment statistics',
          tags,
          querystring: paymentStatsQuerySchema,
          response: responses(paymentStatsSchema),
        },
      },
      async (request) =>
        ok('Payment statistics loaded', await getPaymentStats(app.ctx, authOf(request), request.query)),
    );
  }

  app.get(
    '/payment/analytics',
    {
      preValidation: authorize('payments.view'),
      schema: {
        summary: 'Payment analytics over time',
        tags,
        querystring: paymentAnalyticsQuerySchema,
        response: responses(paymentAnalyticsSchema),
      },
    },
    async (request) => ok('Payment analytics loaded', await paymentAnalytics(app.ctx, authOf(request), request.query)),
  );

  /* Bank transfer claims */

  app.post(
    '/payment/bank-transfer',
    {
      preValidation: authorize('payments.pay'),
      schema: {
        summary: 'Claim a payment made by bank transfer',
        tags,
        consumes: ['multipart/form-data'],
        response: responses(paymentSchema),
      },
    },
    async (request) => {
      const form = await readMultipart(request, 'proof');
      const input = parseOrThrow(bankTransferClaimInputSchema, form.fields);
      return ok(
        TRANSFER_RECORDED,
        await claimTransfer(app.ctx, authOf(request), input, form.file?.buffer ?? null, actorOf(request)),
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
      if (!type || !(await stat(file).catch(() => null))) throw notFound(PAYMENT.notFound);
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
        await rejectTransfer(app.ctx, authOf(request), request.params.id, request.body.reason, actorOf(request)),
      ),
  );

  /* Refunds */

  app.post(
    '/payment/:id/refund',
    {
      preValidation: authorize('payments.refund'),
      schema: {
        summary: 'Refund a payment',
        tags,
        params,
        body: refundInputSchema,
        response: withProviderErrors(paymentSchema),
      },
    },
    async (request) => {
      const { refund, message } = await refundPayment(
        app.ctx,
        authOf(request),
        request.params.id,
        request.body.reason,
        actorOf(request),
      );
      return ok(message, refund);
    },
  );
};
