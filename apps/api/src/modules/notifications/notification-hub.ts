import { type SchoolChange, schoolChangeSchema } from '@schoolledger/domain';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { NOTIFICATION_CHANNEL } from './notifications.queries.js';

/** A notice as notify() publishes it: already on the wire (amounts in naira), with its `seq`. */
export type WireNotice = { seq: number } & Record<string, unknown>;

const messageSchema = z.union([
  z.object({ userId: z.string(), notification: z.looseObject({ seq: z.number().int() }) }),
  z.object({ schoolId: z.string(), change: schoolChangeSchema }),
]);

export interface StreamSubscriber {
  deliver(notice: WireNotice): void;
  /** Something happened at one of the schools the stream watches. */
  changed(change: SchoolChange): void;
  close(): void;
}

/** The schools whose changes a stream hears of: every school, some, or none (a family's stream). */
export type WatchedSchools = 'all' | ReadonlySet<string>;

/**
 * One LISTEN per process, whatever the number of open streams: each notice goes to the open
 * streams of its recipient and no one else's; each change at a school to the streams of the staff
 * who see that school.
 */
export function createNotificationHub(database: Database, log: FastifyBaseLogger) {
  const streams = new Map<string, Set<StreamSubscriber>>();
  const watching = new Map<StreamSubscriber, WatchedSchools>();
  let stopListening: (() => Promise<void>) | null = null;

  function route(payload: string) {
    let parsed: z.infer<typeof messageSchema>;
    try {
      parsed = messageSchema.parse(JSON.parse(payload));
    } catch (err) {
      log.warn({ err }, 'ignored a malformed notification message');
      return;
    }
    if ('userId' in parsed) {
      for (const subscriber of streams.get(parsed.userId) ?? []) subscriber.deliver(parsed.notification);
      return;
    }
    for (const [subscriber, schools] of watching) {
      if (schools === 'all' || schools.has(parsed.schoolId)) subscriber.changed(parsed.change);
    }
  }

  function connections() {
    let total = 0;
    for (const set of streams.values()) total += set.size;
    return total;
  }

  function closeAll() {
    for (const set of [...streams.values()]) for (const subscriber of [...set]) subscriber.close();
  }

  return {
    async start() {
      stopListening ??= await database.listen(NOTIFICATION_CHANNEL, route, () => {
        // Notices committed while the connection was down reached no stream: ending the streams
        // makes every browser reconnect with Last-Event-ID and be sent what it missed.
        log.warn({ streams: connections() }, 'notification listener reconnected; open streams reopen to catch up');
        closeAll();
      });
    },

    /**
     * Routes the user's notices to `subscriber`, and the changes at the schools it watches, until
     * the returned function is called.
     */
    subscribe(userId: string, subscriber: StreamSubscriber, schools: WatchedSchools = new Set()): () => void {
      let set = streams.get(userId);
      if (!set) {
        set = new Set();
        streams.set(userId, set);
      }
      set.add(subscriber);
      if (schools === 'all' || schools.size > 0) watching.set(subscriber, schools);
      return () => {
        set.delete(subscriber);
        watching.delete(subscriber);
        if (set.size === 0 && streams.get(userId) === set) streams.delete(userId);
      };
    },

    /** Ends every open stream, so the server can close; browsers reconnect to another process. */
    closeAll,

    async stop() {
      const stop = stopListening;
      stopListening = null;
      await stop?.();
    },
  };
}

export type NotificationHub = ReturnType<typeof createNotificationHub>;
