import {
  cashPaymentInputSchema,
  cashPaymentResultSchema,
  idempotencyHeadersSchema,
  idSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import { CASH_RECORDED, payWithCash } from './cash.service.js';
import { initiatePayment, paystackOf, recordWebhook, settlePayment } from './payments.service.js';

const tags = ['payments'];
const initiateBody = z.object({
  fee_id: idSchema,
  student_id: idSchema.optional(),
  /** Naira; defaults to what is outstanding. */
  amount: z.union([z.number().positive(), z.string().regex(/^\d+(\.\d{1,2})?$/)]).optional(),
});
const initiateResult = z.object({ paymentUrl: z.string(), reference: z.string(), amount: z.number() });
const REFERENCE = /^[A-Za-z0-9.=-]{1,100}$/;

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/payment/initiate',
    { schema: { tags, body: initiateBody, response: responses(initiateResult) }, preHandler: [authenticate] },
    async (request) =>
      ok('Payment initiated', await initiatePayment(app.ctx, authOf(request), request.body, actorOf(request))),
  );

  /** The bursary desk: staff record cash; the Idempotency-Key makes a double submit record once. */
  app.post(
    '/payment/pay-with-cash',
    {
      onRequest: [authenticate],
      preValidation: [authorize('payments.cash')],
      schema: {
        tags,
        headers: idempotencyHeadersSchema,
        body: cashPaymentInputSchema,
        response: responses(cashPaymentResultSchema),
      },
    },
    async (request) =>
      ok(
        CASH_RECORDED,
        await payWithCash(app.ctx, authOf(request), request.body, request.headers['idempotency-key'], actorOf(request)),
      ),
  );

  /** The payer's browser comes back here; we verify before saying anything, then send them to their fees. */
  app.get(
    '/payment/paystack_callback',
    {
      schema: {
        tags,
        hide: true,
        querystring: z.object({ reference: z.string().optional(), trxref: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const reference = request.query.reference ?? request.query.trxref ?? '';
      if (REFERENCE.test(reference)) {
        try {
          await settlePayment(app.ctx, reference, { source: 'callback' });
        } catch (error) {
          request.log.warn({ err: error, reference }, 'settling from the callback failed; the job will retry');
        }
      }
      return reply.redirect(`/student/fees?payment=${encodeURIComponent(reference)}`, 302);
    },
  );

  // The webhook needs the exact bytes Paystack signed, so this context keeps JSON bodies raw.
  await app.register(async (hooks) => {
    const running = new Set<Promise<void>>();
    hooks.addHook('onClose', async () => {
      await Promise.allSettled([...running]);
    });
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 1_048_576 },
      (_request, body, done) => done(null, body),
    );
    hooks.post('/payment/paystack/webhook', { schema: { tags, hide: true } }, async (request, reply) => {
      const provider = paystackOf(app.ctx);
      const raw = Buffer.isBuffer(request.body) ? request.body : null;
      const event = provider && raw ? provider.parseWebhook(raw, request.headers) : null;
      if (!event) return reply.code(401).send({ success: false, message: 'Invalid signature', data: null });
      const work = await recordWebhook(app.ctx, event);
      if (work) {
        // Answer at once; settle after. A failure here is recovered by the job (the event stays unprocessed).
        const job = work().catch((error) =>
          request.log.error({ err: error, reference: event.reference }, 'webhook settle failed'),
        );
        running.add(job);
        void job.finally(() => running.delete(job));
      }
      return reply.code(200).send({ success: true, message: 'Received', data: null });
    });
  });
};
