import { envelope, errorResponseSchema, MESSAGING_ERROR_CODES } from '@schoolledger/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, tooManyRequests } from '../../lib/errors.js';
import { webhookSignatureRefused } from './messaging.errors.js';
import { handleTermiiEvent, handleWhatsAppEvent, termiiSigned, whatsAppSigned } from './webhooks.service.js';

const tags = ['messaging'];

/**
 * The SMS and WhatsApp providers' reports and the replies they pass on: public, and believed only
 * when signed. A provider sends a school group's reports in bursts from few addresses, so signed
 * deliveries count against a budget of their own; anything unsigned counts against its address.
 */
export const messagingWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1_048_576 }, (_request, body, done) =>
    done(null, body),
  );
  const strangers = app.createRateLimit({
    max: app.ctx.config.rateLimitPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => `ip:${request.ip}`,
  });
  const deliveries = app.createRateLimit({
    max: app.ctx.config.webhookRateLimitPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => `webhook:${request.routeOptions.url}`,
  });
  const response = {
    200: envelope(z.null()),
    400: errorResponseSchema,
    401: errorResponseSchema,
    429: errorResponseSchema,
  };

  /** The body read as JSON once its signature held; a signed body that is not JSON is the provider's fault, not ours. */
  const signedJson = async (request: FastifyRequest, reply: FastifyReply, signed: (raw: Buffer) => boolean) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const ok = signed(raw);
    const limit = await (ok ? deliveries : strangers)(request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', limit.ttlInSeconds);
      throw tooManyRequests();
    }
    if (!ok) {
      request.log.warn(
        { module: 'messaging', url: request.url },
        'messaging webhook refused: the signature does not match',
      );
      throw webhookSignatureRefused();
    }
    try {
      return JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    } catch {
      return null;
    }
  };

  app.post(
    '/messaging/termii/webhook',
    {
      config: { rateLimit: false },
      schema: {
        summary: "Receive Termii's delivery reports and replies",
        description:
          "Signed with the account's secret key (hex HMAC-SHA512 of the raw body in `X-Termii-Signature`). A report moves its SMS to sent, delivered or failed with Termii's cost; a reply of STOP ends that number's SMS agreement. Set this URL in Termii's dashboard.",
        tags,
        security: [],
        consumes: ['application/json'],
        response,
      },
    },
    async (request, reply) => {
      const event = await signedJson(request, reply, (raw) =>
        termiiSigned(app.ctx, raw, request.headers['x-termii-signature'] as string | undefined),
      );
      if (event) await handleTermiiEvent(app.ctx, event);
      return { success: true as const, message: 'Received', data: null };
    },
  );

  app.get(
    '/messaging/whatsapp/webhook',
    {
      config: { rateLimit: false },
      schema: {
        summary: "Answer Meta's webhook verification",
        description: 'Echoes `hub.challenge` when `hub.verify_token` is WHATSAPP_VERIFY_TOKEN; 403 otherwise.',
        tags,
        security: [],
        querystring: z.object({
          'hub.mode': z.string().optional(),
          'hub.verify_token': z.string().optional(),
          'hub.challenge': z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      const expected = app.ctx.config.whatsapp.verifyToken;
      const query = request.query;
      if (!expected || query['hub.mode'] !== 'subscribe' || query['hub.verify_token'] !== expected) {
        throw forbidden('The verify token does not match', MESSAGING_ERROR_CODES.messagingWebhookSignature);
      }
      return reply.type('text/plain').send(query['hub.challenge'] ?? '');
    },
  );

  app.post(
    '/messaging/whatsapp/webhook',
    {
      config: { rateLimit: false },
      schema: {
        summary: "Receive WhatsApp's message statuses and replies",
        description:
          "Signed by Meta with the app secret (`X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>`). Statuses move a message to sent, delivered, read or failed (the furthest kept; 131026, 131047, 131049 and 131050 fall back to SMS where the person agreed to SMS); a message of STOP ends that number's WhatsApp agreement.",
        tags,
        security: [],
        consumes: ['application/json'],
        response,
      },
    },
    async (request, reply) => {
      const event = await signedJson(request, reply, (raw) =>
        whatsAppSigned(app.ctx, raw, request.headers['x-hub-signature-256'] as string | undefined),
      );
      if (event) await handleWhatsAppEvent(app.ctx, event);
      return { success: true as const, message: 'Received', data: null };
    },
  );
};
