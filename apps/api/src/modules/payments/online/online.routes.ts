import {
  checkoutInputSchema,
  checkoutResultSchema,
  checkoutStatusSchema,
  ERROR_CODES,
  envelope,
  errorResponseSchema,
  initiatePaymentInputSchema,
  initiatePaymentResultSchema,
  ONLINE_METHODS,
  type OnlineMethod,
  paymentStatusSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tooManyRequests } from '../../../lib/errors.js';
import { ok, responses } from '../../../lib/http.js';
import { actorOf, authenticate, authOf } from '../../../plugins/auth.js';
import { checkoutStatus, isCheckoutReference, startCheckout } from './checkout.service.js';
import { initiatePayment } from './initiate.service.js';
import { settlePayment } from './settle.service.js';
import { paymentStatus } from './status.service.js';
import { handleWebhook } from './webhooks.service.js';

const tags = ['payments'];
const REFERENCE = /^[A-Za-z0-9.=-]{1,100}$/;
/** Where the payer lands after the provider's checkout: their fees, where the dialog shows the verified outcome. */
const landing = (reference: string) => `/student/fees?payment=${encodeURIComponent(reference)}`;
/** A family checkout's payer lands on the same page, which then lists the checkout's lines and receipts. */
const checkoutLanding = (reference: string) => `/student/fees?checkout=${encodeURIComponent(reference)}`;
const CALLBACK_DESCRIPTION =
  "Where the provider's checkout sends the payer's browser back. The payment is verified with the provider, then the browser is redirected to the payer's fees page, which shows the outcome.";
/** A redirect on success; a query that cannot be read is refused like any other. */
const redirectResponses = {
  302: z.null().describe("Redirect to the payer's fees page"),
  422: errorResponseSchema,
  429: errorResponseSchema,
};
const PROVIDER_NAMES: Record<OnlineMethod, string> = { paystack: 'Paystack', flutterwave: 'Flutterwave' };
const WEBHOOK_DESCRIPTIONS: Record<OnlineMethod, string> = {
  paystack:
    "Paystack's event notification, signed with the school's secret key (HMAC-SHA512 of the raw body in `x-paystack-signature`). Recorded once per event; a charge is credited only after asking Paystack. Paste this URL into the Paystack dashboard.",
  flutterwave:
    "Flutterwave's event notification, carrying the school's secret hash in `verif-hash` (or `flutterwave-signature`). Recorded once per event; a charge is credited only after asking Flutterwave. Paste this URL into the Flutterwave dashboard.",
};

export const onlineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/payment/initiate',
    {
      onRequest: [authenticate],
      schema: {
        summary: 'Start an online payment',
        tags,
        body: initiatePaymentInputSchema,
        response: responses(initiatePaymentResultSchema),
      },
    },
    async (request) =>
      ok('Payment initiated', await initiatePayment(app.ctx, authOf(request), request.body, actorOf(request))),
  );

  app.post(
    '/payment/checkout',
    {
      onRequest: [authenticate],
      schema: {
        summary: "Pay several fees of a family's children in one online checkout",
        description:
          "Each fee is checked as a single online payment is; one provider transaction for the total, one payment (and later one receipt) per fee. Every fee's school must take payments into the same provider account.",
        tags,
        body: checkoutInputSchema,
        response: responses(checkoutResultSchema),
      },
    },
    async (request) =>
      ok('Checkout started', await startCheckout(app.ctx, authOf(request), request.body, actorOf(request))),
  );

  /** The payer's return page asks after the provider's checkout; a pending checkout is verified first. */
  app.get(
    '/payment/checkout/:reference',
    {
      onRequest: [authenticate],
      schema: {
        summary: 'Get the verified status of a family checkout and its lines',
        tags,
        params: z.object({ reference: z.string().regex(REFERENCE, 'Invalid payment reference') }),
        response: responses(checkoutStatusSchema),
      },
    },
    async (request) => ok('Checkout loaded', await checkoutStatus(app.ctx, authOf(request), request.params.reference)),
  );

  /** Where the payer's browser goes after the provider: a family checkout has its own view of the page. */
  async function landingOf(reference: string) {
    return REFERENCE.test(reference) && (await isCheckoutReference(app.ctx, reference))
      ? checkoutLanding(reference)
      : landing(reference);
  }

  /** The payer's screen asks after the checkout closes; pending online payments are verified first. */
  app.get(
    '/payment/:reference/status',
    {
      onRequest: [authenticate],
      schema: {
        summary: 'Get the verified status of a payment',
        tags,
        params: z.object({ reference: z.string().regex(REFERENCE, 'Invalid payment reference') }),
        response: responses(paymentStatusSchema),
      },
    },
    async (request) =>
      ok('Payment status loaded', await paymentStatus(app.ctx, authOf(request), request.params.reference)),
  );

  async function settleFromRedirect(reference: string, log: typeof app.log, transactionId?: string) {
    if (!REFERENCE.test(reference)) return;
    try {
      await settlePayment(app.ctx, reference, { source: 'callback', transactionId });
    } catch (error) {
      log.warn({ err: error, reference }, 'settling from the callback failed; the job will retry');
    }
  }

  /** The payer's browser comes back here; we verify before saying anything, then send them to their fees. */
  app.get(
    '/payment/paystack_callback',
    {
      schema: {
        summary: "Paystack's return from checkout",
        description: CALLBACK_DESCRIPTION,
        tags,
        security: [],
        response: redirectResponses,
        querystring: z.object({ reference: z.string().optional(), trxref: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const reference = request.query.reference ?? request.query.trxref ?? '';
      await settleFromRedirect(reference, request.log);
      return reply.redirect(await landingOf(reference), 302);
    },
  );

  /** Flutterwave's redirect says `status=successful|cancelled|failed`; only verifying tells what happened. */
  app.get(
    '/payment/flutterwave_callback',
    {
      schema: {
        summary: "Flutterwave's return from checkout",
        description: CALLBACK_DESCRIPTION,
        tags,
        security: [],
        response: redirectResponses,
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
      // The transaction id names the attempt that ended the checkout; it is verified, not believed.
      if (request.query.status !== 'cancelled')
        await settleFromRedirect(reference, request.log, request.query.transaction_id);
      return reply.redirect(await landingOf(reference), 302);
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
    // A provider sends every school's webhooks from a few addresses, so the per-address budget of
    // people would refuse its bursts: signed deliveries count against a budget of their own, per
    // provider; anything unsigned still counts against the sender's address.
    const strangers = hooks.createRateLimit({
      max: app.ctx.config.rateLimitPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (request) => `ip:${request.ip}`,
    });
    const deliveries = hooks.createRateLimit({
      max: app.ctx.config.webhookRateLimitPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (request) => `webhook:${request.routeOptions.url}`,
    });
    for (const method of ONLINE_METHODS) {
      const schema = {
        summary: `Receive a ${PROVIDER_NAMES[method]} webhook`,
        description: WEBHOOK_DESCRIPTIONS[method],
        tags,
        security: [],
        consumes: ['application/json'],
        response: { 200: envelope(z.null()), 401: errorResponseSchema, 429: errorResponseSchema },
      };
      hooks.post(`/payment/${method}/webhook`, { schema, config: { rateLimit: false } }, async (request, reply) => {
        const admit = async (signed: boolean) => {
          const limit = await (signed ? deliveries : strangers)(request);
          if (!limit.isAllowed && limit.isExceeded) {
            reply.header('retry-after', limit.ttlInSeconds);
            throw tooManyRequests();
          }
        };
        const raw = Buffer.isBuffer(request.body) ? request.body : null;
        const outcome = await handleWebhook(app.ctx, method, raw, request.headers, admit);
        if (!outcome.accepted) {
          // Forged or misconfigured deliveries are something the ICT administrator should see.
          request.log.warn({ module: 'payments', provider: method }, 'webhook refused: the signature does not match');
          return reply
            .code(401)
            .send({ success: false, message: 'Invalid signature', data: null, code: ERROR_CODES.invalidSignature });
        }
        if (outcome.settle) {
          // Answer at once; settle after. A failure here is recovered by the job (the event stays unprocessed).
          const job = outcome
            .settle()
            .catch((error) => request.log.error({ err: error, reference: outcome.reference }, 'webhook settle failed'));
          running.add(job);
          void job.finally(() => running.delete(job));
        }
        return reply.code(200).send({ success: true, message: 'Received', data: null });
      });
    }
  });
};
