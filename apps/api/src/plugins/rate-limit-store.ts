import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/client.js';
import { requestCounter } from '../modules/system/system.service.js';

/**
 * What @fastify/rate-limit hands a store (its types say less): the limit's merged options, with
 * its route under `routeInfo` for a route's own limit.
 */
interface StoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}
type Counted = Parameters<FastifyRateLimitStore['incr']>[1];
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * A store for @fastify/rate-limit that counts in the database, so every API process, on this
 * machine or another, spends one budget per key (the plugin's own store counts per process).
 * One statement per request; the window starts at a key's first request, as in the plugin's store.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  const countRequest = requestCounter(db);
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    readonly #prefix: string;

    constructor(given: object, prefix = '') {
      const options = given as StoreOptions;
      // Both move a window on every refused request, which one upsert of a fixed window cannot.
      if (options.continueExceeding || options.exponentialBackoff) {
        throw new Error('The database rate-limit store counts fixed windows only');
      }
      this.#prefix = prefix;
    }

    incr(key: string, done: Counted, timeWindow: number) {
      countRequest(this.#prefix + key, timeWindow).then(
        ({ hits, ttlMs }) => done(null, { current: hits, ttl: ttlMs }),
        (error: Error) => done(error),
      );
    }

    /** A route's own limit (or one made with createRateLimit) keeps its own counts, as the plugin's store does. */
    child(given: ChildOptions) {
      const route = (given as unknown as StoreOptions).routeInfo;
      return new DatabaseRateLimitStore(given, `${this.#prefix}${route?.method ?? ''} ${route?.url ?? ''}|`);
    }
  };
}
