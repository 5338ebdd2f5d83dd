import {
  cashPaymentInputSchema,
  cashPaymentResultSchema,
  idempotencyHeadersSchema,
  initiatePaymentInputSchema,
  initiatePaymentResultSchema,
  type OnlineMethod,
  paymentStatusSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import { CASH_RECORDED, payWithCash } from './cash.service.js';
import {
  initiatePayment,
  paymentStatus,
  recordWebhook,
  settlePayment,
  webhookProviderFor,
} from './payments.service.js';
import { flutterwaveReferenceOf } from './providers/flutterwave.js';
import { paystackReferenceOf } from './providers/paystack.js';

const tags = ['payments'];
const REFERENCE = /^[A-Za-z0-9.=-]{1,100}$/;
/** Where the payer lands after the provider's checkout: their fees, where the dialog shows the verified outcome. */
const landing = (reference: string) => `/student/fees?payment=${encodeURIComponent(reference)}`;

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/payment/initiate',
    {
      onRequest: [authenticate],
      schema: { tags, body: initiatePaymentInputSchema, response: responses(initiatePaymentResultSchema) },
    },
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

  /** The payer's screen asks after the checkout closes; pending online payments are verified first. */
  app.get(
    '/payment/:reference/status',
    {
      onRequest: [authenticate],
      schema: {
        tags,
        params: z.object({ reference: z.string().regex(REFERENCE, 'Invalid payment reference') }),
        response: responses(paymentStatusSchema),
      },
    },
    async (request) =>
      ok('Payment status loaded', await paymentStatus(app.ctx, authOf(request), request.params.reference)),
  );

  async function settleFromRedirect(reference: string, log: typeof app.log) {
    if (!REFERENCE.test(reference)) return;
    try {
      await settlePayment(app.ctx, reference, { source: 'callback' });
    } catch (error) {
      log.warn({ err: error, reference }, 'settling from the callback failed; the job will retry');
    }
  }

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
      await settleFromRedirect(reference, request.log);
      return reply.redirect(landing(reference), 302);
    },
  );

  /** Flutterwave's redirect says `status=successful|cancelled|failed`; only verifying tells what happened. */
  app.get(
    '/payment/flutterwave_callback',
    {
      schema: {
        tags,
        hide: true,
        querystring: z.object({
          status: z.string().optional(),
          tx_ref: z.string().optional(),
          transaction_id: z.string().optional(),
        }),
      },
    },
    async (request, reply) => {
      const reference = request.query.tx_ref ?? '';
      // A cancelled checkout made no transaction: there is nothing to ask the provider yet.
      if (request.query.status !== 'cancelled') await settleFromRedirect(reference, request.log);
      return reply.redirect(landing(reference), 302);
    },
  );

  // Webhooks need the exact bytes the provider sent, so this context keeps JSON bodies raw.
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
    const webhooks: [OnlineMethod, (raw: Buffer) => string | null][] = [
      ['paystack', paystackReferenceOf],
      ['flutterwave', flutterwaveReferenceOf],
    ];
    for (const [method, referenceOf] of webhooks) {
      hooks.post(`/payment/${method}/webhook`, { schema: { tags, hide: true } }, async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : null;
        const provider = raw ? await webhookProviderFor(app.ctx, method, referenceOf(raw)) : null;
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
    }
  });
};
