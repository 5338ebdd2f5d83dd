import { idParamsSchema, RECEIPT_NO_PATTERN, receiptCheckSchema } from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../lib/errors.js';
import { fileResponses, ok, responses } from '../../../lib/http.js';
import { actorOf, authenticate, authOf } from '../../../plugins/auth.js';
import { findByLinkToken } from '../../messaging/outbox.queries.js';
import { checkReceipt, loadReceipt, loadReceiptOfRecipient, receiptKey } from './receipt.service.js';
import { RECEIPT_FORMATS, renderReceiptPdf } from './receipt-pdf.js';

const tags = ['payments'];

export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = receiptKey(app.ctx.config);

  app.get(
    '/payment/:id/receipt',
    {
      onRequest: [authenticate],
      schema: {
        summary: 'Download the receipt of a payment (PDF)',
        tags,
        description:
          'The PDF receipt of a successful payment: A4, or the 80 mm strip for thermal printers. The student, a linked parent, or staff who view or take payments in its school.',
        params: idParamsSchema,
        querystring: z.object({ format: z.enum(RECEIPT_FORMATS).default('a4') }),
        response: fileResponses('The receipt (PDF)', ['application/pdf']),
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const receipt = await loadReceipt(app.ctx.db, app.ctx.config, key, authOf(request), request.params.id, {
        actor: actorOf(request),
        format,
      });
      const pdf = await renderReceiptPdf(receipt, format);
      const name = format === 'a4' ? receipt.receiptNo : `${receipt.receiptNo}-80mm`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${name}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  /** Public: anyone holding a printed receipt can check its code; the answer gives the student's initials only. */
  app.get(
    '/payment/receipt/verify/:code',
    {
      schema: {
        summary: 'Verify a receipt by its code',
        tags,
        security: [],
        description: 'Checks the verification code printed on a receipt, with the receipt number printed beside it.',
        params: z.object({ code: z.string().trim().min(1).max(40) }),
        querystring: z.object({
          receipt: z
            .string({ error: 'The receipt number is required' })
            .trim()
            .regex(RECEIPT_NO_PATTERN, 'Not a receipt number'),
        }),
        response: responses(receiptCheckSchema),
      },
    },
    async (request) => {
      const check = await checkReceipt(app.ctx.db, key, request.params.code, request.query.receipt);
      return ok(check.valid ? 'This receipt is genuine' : 'No receipt matches this code', check);
    },
  );
};

/** How long a message's receipt link opens the receipt: a term and more, for a parent who keeps the SMS. */
const LINK_DAYS = 200;
const LINK_TOKEN = /^[a-km-np-z2-9]{12}$/;

/**
 * The short link an SMS or WhatsApp receipt carries (/m/:token, outside the API's prefix to keep
 * the SMS to one page): the receipt's PDF, opened on the phone without signing in, for as long as
 * the person it was sent to is still the student or a linked parent. WhatsApp fetches it for the
 * message's document header.
 */
export const receiptLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = receiptKey(app.ctx.config);
  app.get(
    '/m/:token',
    {
      schema: {
        summary: 'Open the receipt a message links to (PDF)',
        tags,
        security: [],
        params: z.object({ token: z.string().regex(LINK_TOKEN, 'Not a receipt link') }),
        response: fileResponses('The receipt (PDF)', ['application/pdf']),
      },
    },
    async (request, reply) => {
      const link = await findByLinkToken(app.ctx.db, request.params.token);
      const fresh =
        link?.paymentId && link.userId && app.ctx.clock().getTime() - link.createdAt.getTime() < LINK_DAYS * 86_400_000;
      if (!link?.paymentId || !link.userId || !fresh) throw notFound('This receipt link has expired or does not exist');
      const receipt = await loadReceiptOfRecipient(app.ctx.db, app.ctx.config, key, {
        userId: link.userId,
        paymentId: link.paymentId,
      });
      const pdf = await renderReceiptPdf(receipt, 'a4');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${receipt.receiptNo}.pdf"`)
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .send(pdf);
    },
  );
};
