import { envelope, errorResponseSchema, MESSAGING_ERROR_CODES } from '@schoolledger/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound, tooManyRequests } from '../../lib/errors.js';
import { webhookSignatureRefused } from './messaging.errors.js';
import {
  africasTalkingTokenMatches,
  handleAfricasTalkingInbound,
  handleAfricasTalkingReport,
  handleTermiiEvent,
  handleWhatsAppEvent,
  termiiSigned,
  whatsAppSigned,
} from './webhooks.service.js';

const tags = ['messaging'];

/**
 * The SMS and WhatsApp providers' reports and the replies they pass on: public, and believed only
 * when signed (or, for Africa's Talking, which signs nothing, when the secret token of the
 * callback URL's path matches). A provider sends a school group's reports in bursts from few
 * addresses, so proven deliveries count against a budget of their own; anything else counts
 * against its address.
 */
export const messagingWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1_048_576 }, (_request, body, done) =>
    done(null, body),
  );
  // Africa's Talking POSTs its callbacks as forms; the fields are read one by one with checks.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 65_536 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
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

  /** Counts a delivery against the provider's budget when proven, else against its address. */
  const counted = async (request: FastifyRequest, reply: FastifyReply, proven: boolean) => {
    const limit = await (proven ? deliveries : strangers)(request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', limit.ttlInSeconds);
      throw tooManyRequests();
    }
  };

  /** The body read as JSON once its signature held; a signed body that is not JSON is the provider's fault, not ours. */
  const signedJson = async (
    request: FastifyRequest,
    reply: FastifyReply,
    signed: (raw: Buffer) => Promise<boolean>,
  ) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const ok = await signed(raw);
    await counted(request, reply, ok);
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
          "Signed with the account's secret key (hex HMAC-SHA512 of the raw body in `X-Termii-Signature`): the server's account's, or a school group's own saved one. A report moves its SMS to sent, delivered or failed with Termii's cost; a reply of STOP ends that number's SMS agreement. Set this URL in Termii's dashboard.",
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
      // Server-wide even for a group with its own WhatsApp account: the handshake carries nothing
      // that names a group (no body, no signature), and the token is no key to anything; it only
      // lets whoever sets up a Meta app prove the URL answers for this server. Every delivery
      // after it is believed only on a signature, checked against each group's own app secret too.
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
          "Signed by Meta with the app secret (`X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>`): the server's, or a school group's own saved one. Statuses move a message to sent, delivered, read or failed (the furthest kept; 131026, 131047, 131049 and 131050 fall back to SMS where the person agreed to SMS); a message of STOP ends that number's WhatsApp agreement.",
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

  /**
   * An Africa's Talking callback's form fields once the token in its path matched; a wrong (or,
   * with no AFRICASTALKING_CALLBACK_TOKEN, any) token is a 404 that reads nothing of the body.
   */
  const africasTalkingFields = async (request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
    const ok = africasTalkingTokenMatches(app.ctx, request.params.token);
    await counted(request, reply, ok);
    if (!ok) {
      // The request's route names the token given; the log screen masks it as it masks any long token.
      request.log.warn(
        { module: 'messaging' },
        "Africa's Talking callback refused: the token in its path does not match",
      );
      throw notFound('There is nothing at this address', MESSAGING_ERROR_CODES.messagingWebhookSignature);
    }
    const body = request.body;
    return body && typeof body === 'object' && !Buffer.isBuffer(body) ? (body as Record<string, unknown>) : null;
  };
  const africasTalking = {
    params: z.object({ token: z.string().max(200) }),
    response: { ...response, 404: errorResponseSchema },
  };

  app.post(
    '/messaging/africastalking/:token/report',
    {
      config: { rateLimit: false },
      schema: {
        summary: "Receive Africa's Talking's delivery reports",
        description:
          "Africa's Talking does not sign its callbacks: this URL's `token` is the secret AFRICASTALKING_CALLBACK_TOKEN, and any other answers 404. A form-encoded report (`id`, `status`, `phoneNumber`, `networkCode`, `failureReason`, `retryCount`) moves its SMS to sent (Sent, Submitted, Buffered), delivered (Success) or failed (Rejected, Failed). Set this URL as the delivery reports callback in Africa's Talking's dashboard.",
        tags,
        security: [],
        consumes: ['application/x-www-form-urlencoded'],
        ...africasTalking,
      },
    },
    async (request, reply) => {
      const fields = await africasTalkingFields(request, reply);
      if (fields) await handleAfricasTalkingReport(app.ctx, fields);
      return { success: true as const, message: 'Received', data: null };
    },
  );

  app.post(
    '/messaging/africastalking/:token/inbound',
    {
      config: { rateLimit: false },
      schema: {
        summary: "Receive messages sent to the Africa's Talking account",
        description:
          "Africa's Talking does not sign its callbacks: this URL's `token` is the secret AFRICASTALKING_CALLBACK_TOKEN, and any other answers 404. A form-encoded message (`from`, `to`, `text`, `date`, `id`, `linkId`) of STOP ends that number's SMS agreement. Set this URL as the incoming messages callback in Africa's Talking's dashboard.",
        tags,
        security: [],
        consumes: ['application/x-www-form-urlencoded'],
        ...africasTalking,
      },
    },
    async (request, reply) => {
      const fields = await africasTalkingFields(request, reply);
      if (fields) await handleAfricasTalkingInbound(app.ctx, fields);
      return { success: true as const, message: 'Received', data: null };
    },
  );
};
