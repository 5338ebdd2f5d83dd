import { fastifySSE } from '@fastify/sse';
import {
  bulkMessagePreviewSchema,
  bulkNotificationInputSchema,
  bulkNotificationResultSchema,
  errorResponseSchema,
  idParamsSchema,
  markAllReadResultSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationPreferencesInputSchema,
  notificationPreferencesSchema,
  notificationSchema,
  notificationStreamQuerySchema,
  streamTicketSchema,
  systemNotificationInputSchema,
  unreadCountSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import { previewBulkNotification, sendBulkNotification, sendSystemNotification } from './broadcast.service.js';
import {
  deleteOwn,
  listOwnNotifications,
  markAllOwnRead,
  markOwnRead,
  missedNotices,
  ownPreferences,
  saveOwnPreferences,
  streamOwner,
  unreadCount,
} from './inbox.service.js';
import type { NotificationHub, WireNotice } from './notification-hub.js';
import { notificationOnTheWire, presentNotification } from './notifications.presenters.js';
import { signStreamTicket } from './stream-tickets.js';

/** Comments this often keep proxies (nginx closes a silent response after 60 s) from cutting the stream. */
const HEARTBEAT_MS = 25_000;
/** What EventSource waits before reconnecting after a drop. */
const RETRY_MS = 3_000;

const STREAM_DESCRIPTION = [
  'Server-Sent Events. EventSource cannot send an Authorization header, so the stream is opened with',
  'a ticket from POST /notification/stream-ticket (valid 60 s, for the person who asked only); a bad',
  'or expired ticket answers 401 and the client asks for a new one.',
  '',
  'Each notice is one event: `event: notification`, `id: <seq>`, `data: <the notice as JSON, amounts in',
  'naira, the shape of the list items>`. Comment lines (`: heartbeat`) come every 25 s.',
  '',
  'Staff also get `event: change`, `data: {"kind": <a notice kind>}`, with no id, when something of that',
  'kind happens at one of their schools, whoever it concerns: a cue to refetch the pages it changes.',
  'Changes are not replayed; a reconnected client refetches what it shows.',
  '',
  "A reconnecting client sends the last id it saw as the Last-Event-ID header (EventSource's own",
  'reconnection) or as `last_event_id` (a client reopening with a new ticket): the notices it missed',
  '(oldest first, at most 200) come before new ones. The stream ends after the lifetime of an access',
  'token; the client then reconnects with a new ticket.',
].join('\n');

export const notificationRoutes: FastifyPluginAsyncZod<{ hub: NotificationHub }> = async (app, { hub }) => {
  const tags = ['notifications'];
  await app.register(fastifySSE, { heartbeatInterval: HEARTBEAT_MS });

  await app.register(async (plain) => {
    const signedIn = plain.withTypeProvider<ZodTypeProvider>();
    signedIn.addHook('onRequest', authenticate);

    signedIn.get(
      '/notification',
      {
        schema: {
          summary: 'List my notifications',
          description: 'Newest first; counts are for the panel tabs, whatever the filter.',
          tags,
          querystring: notificationListQuerySchema,
          response: responses(notificationListSchema),
        },
      },
      async (request) => {
        const { rows, pagination, counts } = await listOwnNotifications(app.ctx, authOf(request), request.query);
        return ok('Notifications loaded', { notifications: rows.map(presentNotification), pagination, counts });
      },
    );

    // SPEC §7's client lists them as the bare list it maps over; the panel above also wants counts.
    signedIn.get(
      '/notification/all',
      {
        schema: {
          summary: 'List my notifications, as a plain list',
          description: 'Newest first, the same filters as GET /notification; data is the list itself.',
          tags,
          querystring: notificationListQuerySchema,
          response: responses(z.array(notificationSchema)),
        },
      },
      async (request) => {
        const { rows } = await listOwnNotifications(app.ctx, authOf(request), request.query);
        return ok('Notifications loaded', rows.map(presentNotification));
      },
    );

    signedIn.get(
      '/notification/unread-count',
      { schema: { summary: 'Count my unread notifications', tags, response: responses(unreadCountSchema) } },
      async (request) => ok('Unread count loaded', { count: await unreadCount(app.ctx, authOf(request)) }),
    );

    signedIn.post(
      '/notification/mark-all-read',
      {
        schema: {
          summary: 'Mark all my notifications as read',
          tags,
          response: responses(markAllReadResultSchema),
        },
      },
      async (request) =>
        ok('All notifications marked as read', { count: await markAllOwnRead(app.ctx, authOf(request)) }),
    );

    signedIn.post(
      '/notification/:id/mark-read',
      {
        schema: {
          summary: 'Mark one of my notifications as read',
          tags,
          params: idParamsSchema,
          response: responses(notificationSchema),
        },
      },
      async (request) =>
        ok(
          'Notification marked as read',
          presentNotification(await markOwnRead(app.ctx, authOf(request), request.params.id)),
        ),
    );

    signedIn.delete(
      '/notification/:id',
      {
        schema: {
          summary: 'Delete one of my notifications',
          tags,
          params: idParamsSchema,
          response: responses(z.null()),
        },
      },
      async (request) => {
        await deleteOwn(app.ctx, authOf(request), request.params.id);
        return ok('Notification deleted', null);
      },
    );

    signedIn.get(
      '/notification/preferences',
      {
        schema: {
          summary: 'Get my notification preferences',
          description: 'Every kind, in the app and by email; a kind never chosen is on for both.',
          tags,
          response: responses(notificationPreferencesSchema),
        },
      },
      async (request) =>
        ok('Notification preferences loaded', { preferences: await ownPreferences(app.ctx, authOf(request)) }),
    );

    signedIn.put(
      '/notification/preferences',
      {
        schema: {
          summary: 'Update my notification preferences',
          description: 'Saves the kinds given; account safety kinds cannot be switched off (422).',
          tags,
          body: notificationPreferencesInputSchema,
          response: responses(notificationPreferencesSchema),
        },
      },
      async (request) =>
        ok('Notification preferences updated', {
          preferences: await saveOwnPreferences(app.ctx, authOf(request), request.body.preferences, actorOf(request)),
        }),
    );

    signedIn.post(
      '/notification/system',
      {
        preValidation: authorize('notifications.broadcast'),
        schema: {
          summary: 'Send a notice to one person',
          description: 'In the app and by email (system_notification), as the person chose; within your schools.',
          tags,
          body: systemNotificationInputSchema,
          response: responses(bulkNotificationResultSchema),
        },
      },
      async (request) =>
        ok('Notification sent', await sendSystemNotification(app.ctx, authOf(request), request.body, actorOf(request))),
    );

    signedIn.post(
      '/notification/bulk',
      {
        preValidation: authorize('notifications.broadcast'),
        schema: {
          summary: 'Send a notice to a school, a role or chosen people',
          description:
            'Criteria given together must all hold. At most 5,000 people (422), and at most 10 bulk sends a school an hour (429).',
          tags,
          body: bulkNotificationInputSchema,
          response: { ...responses(bulkNotificationResultSchema), 429: errorResponseSchema },
        },
      },
      async (request) =>
        ok('Notifications sent', await sendBulkNotification(app.ctx, authOf(request), request.body, actorOf(request))),
    );

    signedIn.post(
      '/notification/bulk/preview',
      {
        preValidation: authorize('notifications.broadcast'),
        schema: {
          summary: 'What a bulk notice would send by SMS and WhatsApp, before it is sent',
          description:
            "The same choices as POST /notification/bulk; nothing is sent. How many people would get an SMS or a WhatsApp message (each family's one), the pages and estimated cost per channel, what is left of the schools' budgets this month, and when quiet hours would let them go.",
          tags,
          body: bulkNotificationInputSchema,
          response: responses(bulkMessagePreviewSchema),
        },
      },
      async (request) =>
        ok('What would be sent', await previewBulkNotification(app.ctx, authOf(request), request.body)),
    );

    signedIn.post(
      '/notification/stream-ticket',
      {
        schema: {
          summary: 'Get a ticket to open my notification stream',
          description: 'Valid 60 s, for GET /notification/stream?ticket=…',
          tags,
          response: responses(streamTicketSchema),
        },
      },
      async (request) => {
        const auth = authOf(request);
        const { ticket, expiresAt } = await signStreamTicket(app.ctx, { userId: auth.userId, familyId: auth.familyId });
        return ok('Stream ticket issued', { ticket, expiresAt: expiresAt.toISOString() });
      },
    );
  });

  app.get(
    '/notification/stream',
    {
      sse: { kind: 'manual' },
      schema: {
        summary: 'Receive my notifications as they happen (Server-Sent Events)',
        description: STREAM_DESCRIPTION,
        tags,
        security: [],
        querystring: notificationStreamQuerySchema,
        response: {
          200: {
            description: 'An event stream that stays open',
            content: {
              'text/event-stream': {
                schema: z.any().meta({
                  type: 'string',
                  examples: [
                    'event: notification\nid: 42\ndata: {"_id":"…","seq":42,"title":"Payment received",…}\n\n',
                  ],
                }),
              },
            },
          },
          401: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { userId, schools } = await streamOwner(app.ctx, request.query.ticket);
      const header = request.headers['last-event-id'];
      const resumeAfter =
        typeof header === 'string' && /^\d{1,15}$/.test(header) ? Number(header) : request.query.last_event_id;

      const send = (notice: WireNotice) => {
        // A stream that closed meanwhile is cleaned up by onClose; the notice stays in the list.
        if (reply.sse.isConnected) {
          reply.sse.send({ id: String(notice.seq), event: 'notification', data: notice }).catch(() => {});
        }
      };
      // Live notices wait while the missed ones are read, so none is lost between the two or sent twice.
      let held: WireNotice[] | null = resumeAfter === undefined ? null : [];
      // What the replay sent: a notice of them whose live delivery comes late (it was on its way from
      // the database while the stream was closed) is not sent again.
      const replayed = new Set<number>();
      const unsubscribe = hub.subscribe(
        userId,
        {
          deliver: (notice) => {
            if (held) held.push(notice);
            else if (!replayed.has(notice.seq)) send(notice);
          },
          // No id: a change is not replayed (the page reloads what it shows when the stream reopens).
          changed: (change) => {
            if (reply.sse.isConnected) reply.sse.send({ event: 'change', data: change }).catch(() => {});
          },
          close: () => reply.sse.close(),
        },
        schools,
      );
      const lifetime = setTimeout(() => reply.sse.close(), app.ctx.config.accessTokenTtlSeconds * 1000);
      lifetime.unref();
      reply.sse.onClose(() => {
        clearTimeout(lifetime);
        unsubscribe();
      });
      reply.sse.keepAlive();
      reply.sse.sendHeaders();
      reply.raw.write(`retry: ${RETRY_MS}\n\n`);

      if (held && resumeAfter !== undefined) {
        let missed: Awaited<ReturnType<typeof missedNotices>>;
        try {
          missed = await missedNotices(app.ctx, userId, resumeAfter);
        } catch (err) {
          // The browser reconnects with the same Last-Event-ID and tries again.
          request.log.warn({ err }, 'could not replay missed notifications');
          reply.sse.close();
          return;
        }
        for (const row of missed) {
          replayed.add(row.seq);
          send(notificationOnTheWire(row) as WireNotice);
        }
        const live = held;
        held = null;
        for (const notice of live) if (!replayed.has(notice.seq)) send(notice);
      }
    },
  );
};
