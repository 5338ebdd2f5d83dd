import {
  confirmPhoneSchema,
  giveConsentSchema,
  idSchema,
  MESSAGE_CHANNELS,
  messagingAccountInputSchema,
  messagingAccountQuerySchema,
  messagingAccountSchema,
  messagingSettingsResponseSchema,
  messagingSettingsSchema,
  messagingSummarySchema,
  myPhoneSchema,
  OUTBOX_CHANNELS,
  OUTBOX_MESSAGE_STATUSES,
  outboxPageSchema,
  startPhoneVerificationSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import {
  confirmPhoneCode,
  giveConsent,
  myPhone,
  startPhoneVerification,
  withdrawMyConsent,
} from './consents.service.js';
import { getMessagingSettings, listOutboxMessages, updateMessagingSettings } from './messaging.service.js';
import { getMessagingAccount, saveMessagingAccount } from './messaging-accounts.service.js';
import { messagingSummary } from './summary.service.js';

const tags = ['messaging'];
/** A code by SMS costs the school money and reaches a stranger's phone if mistyped: a few an hour. */
const CODE_RATE = { max: 5, timeWindow: '1 hour' };

/**
 * SMS and WhatsApp: a person's phone and what they agreed to, a school's settings, and the
 * messages sent. The providers' reports arrive at webhooks.routes.ts.
 */
export const messagingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  app.get(
    '/me/phone',
    { schema: { summary: 'My phone for messages and what I agreed to', tags, response: responses(myPhoneSchema) } },
    async (request) => ok('Phone loaded', await myPhone(app.ctx, authOf(request).userId)),
  );

  app.post(
    '/me/phone/verification',
    {
      config: { rateLimit: CODE_RATE },
      schema: {
        summary: 'Send a code to confirm my phone',
        description:
          'Sends a 6-digit code by SMS to the number given (any Nigerian way of writing it); it expires in 10 minutes. 409 MESSAGE_CHANNEL_UNAVAILABLE when the server sends no SMS.',
        tags,
        body: startPhoneVerificationSchema,
        response: responses(myPhoneSchema),
      },
    },
    async (request) => {
      const phone = await startPhoneVerification(app.ctx, {
        userId: authOf(request).userId,
        phone: request.body.phone,
        actor: actorOf(request),
      });
      return ok(`We sent a code to ${phone.pendingPhone}`, phone);
    },
  );

  app.post(
    '/me/phone/verify',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: {
        summary: 'Confirm my phone with the code sent to it',
        description:
          '422 PHONE_CODE_WRONG for another code; 422 PHONE_CODE_EXPIRED when none is waiting (expired, or tried five times).',
        tags,
        body: confirmPhoneSchema,
        response: responses(myPhoneSchema),
      },
    },
    async (request) =>
      ok(
        'Your phone number is confirmed',
        await confirmPhoneCode(app.ctx, {
          userId: authOf(request).userId,
          code: request.body.code,
          actor: actorOf(request),
        }),
      ),
  );

  app.post(
    '/me/consents',
    {
      schema: {
        summary: 'Agree to messages by SMS or WhatsApp',
        description:
          "`wording` is the sentence shown to the person (GET /me/phone's `wording[channel]`), word for word; 409 CONSENT_WORDING_CHANGED otherwise, 409 PHONE_NOT_VERIFIED before the phone is confirmed.",
        tags,
        body: giveConsentSchema,
        response: responses(myPhoneSchema),
      },
    },
    async (request) =>
      ok(
        request.body.channel === 'sms' ? 'SMS messages are on' : 'WhatsApp messages are on',
        await giveConsent(app.ctx, { userId: authOf(request).userId, ...request.body, actor: actorOf(request) }),
      ),
  );

  app.delete(
    '/me/consents/:channel',
    {
      schema: {
        summary: 'Stop messages by SMS or WhatsApp',
        tags,
        params: z.object({ channel: z.enum(MESSAGE_CHANNELS) }),
        response: responses(myPhoneSchema),
      },
    },
    async (request) =>
      ok(
        request.params.channel === 'sms' ? 'SMS messages are off' : 'WhatsApp messages are off',
        await withdrawMyConsent(app.ctx, {
          userId: authOf(request).userId,
          channel: request.params.channel,
          actor: actorOf(request),
        }),
      ),
  );

  app.get(
    '/schools/:schoolId/messaging-settings',
    {
      preValidation: authorize('messaging.view'),
      schema: {
        summary: "A school's SMS and WhatsApp settings and this month's spending",
        tags,
        params: z.object({ schoolId: idSchema }),
        response: responses(messagingSettingsResponseSchema),
      },
    },
    async (request) =>
      ok('Messaging settings loaded', await getMessagingSettings(app.ctx, authOf(request), request.params.schoolId)),
  );

  app.put(
    '/schools/:schoolId/messaging-settings',
    {
      preValidation: authorize('messaging.configure'),
      schema: {
        summary: "Save a school's SMS and WhatsApp settings",
        tags,
        params: z.object({ schoolId: idSchema }),
        body: messagingSettingsSchema,
        response: responses(messagingSettingsResponseSchema),
      },
    },
    async (request) =>
      ok(
        'Messaging settings saved',
        await updateMessagingSettings({
          ctx: app.ctx,
          auth: authOf(request),
          actor: actorOf(request),
          schoolId: request.params.schoolId,
          input: request.body,
        }),
      ),
  );

  app.get(
    '/messaging/account',
    {
      preValidation: authorize('messaging.configure'),
      schema: {
        summary: "The school group's own Termii and WhatsApp accounts (never the secrets)",
        description:
          "Without them, the group's messages go through the server's accounts. Each secret only as whether it is saved and, for one of 12 characters or more, its last 4. The super-admin names the group with `group_school_id`.",
        tags,
        querystring: messagingAccountQuerySchema,
        response: responses(messagingAccountSchema),
      },
    },
    async (request) =>
      ok(
        'Messaging account loaded',
        await getMessagingAccount(app.ctx, authOf(request), request.query.group_school_id),
      ),
  );

  app.put(
    '/messaging/account',
    {
      preValidation: authorize('messaging.configure'),
      schema: {
        summary: "Save the school group's own Termii and WhatsApp accounts",
        description:
          "A secret omitted or empty keeps the saved one, `null` removes it. A channel's keys go together: Termii's API key with its secret key (which signs its reports); WhatsApp's token with the phone number ID and the app secret (which signs its webhooks). Audited without the secrets.",
        tags,
        querystring: messagingAccountQuerySchema,
        body: messagingAccountInputSchema,
        response: responses(messagingAccountSchema),
      },
    },
    async (request) =>
      ok(
        'Messaging account saved',
        await saveMessagingAccount(
          app.ctx,
          authOf(request),
          actorOf(request),
          request.query.group_school_id,
          request.body,
        ),
      ),
  );

  app.get(
    '/messages',
    {
      preValidation: authorize('messaging.view'),
      schema: {
        summary: 'SMS and WhatsApp messages sent, newest first',
        tags,
        querystring: z.object({
          schoolId: idSchema.optional(),
          status: z.enum(OUTBOX_MESSAGE_STATUSES).optional(),
          channel: z.enum(OUTBOX_CHANNELS).optional(),
          before: z.iso.datetime({ offset: true }).optional(),
          limit: z.coerce.number().int().min(1).max(200).optional(),
        }),
        response: responses(outboxPageSchema),
      },
    },
    async (request) => ok('Messages loaded', await listOutboxMessages(app.ctx, authOf(request), request.query)),
  );

  app.get(
    '/messages/summary',
    {
      preValidation: authorize('messaging.view'),
      schema: {
        summary: "A school's SMS and WhatsApp messages this month, per channel",
        description:
          'This Lagos month: messages created, delivered (read ones included), failed, skipped and still waiting; the spend as the budget counts it, and the budget (null: none). Kobo as decimal strings. 404 for a school outside your scope.',
        tags,
        querystring: z.object({ schoolId: idSchema }),
        response: responses(messagingSummarySchema),
      },
    },
    async (request) =>
      ok('Message summary loaded', await messagingSummary(app.ctx, authOf(request), request.query.schoolId)),
  );
};
