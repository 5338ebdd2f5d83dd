import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { fromPglite, type ConstructorOptions as JobStoreOptions } from 'pg-boss';
import { dropTemplate, readTemplate, saveTemplate, templatePath } from './pglite-template.js';
import * as schema from './schema.js';

type Schema = typeof schema;
/** The one database type the app uses, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Query functions accept the database or a transaction, so services can compose them. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  ping(): Promise<boolean>;
  /**
   * Calls `onPayload` with each NOTIFY on `channel`, from this process or any other on the same
   * database, once its transaction commits. Resolves to the function that stops listening.
   * `onResumed` is called when listening starts again after the connection dropped: messages sent
   * meanwhile were lost, and the listener must catch up from the tables.
   */
  listen(channel: string, onPayload: (payload: string) => void, onResumed?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * Where the job queue (pg-boss) keeps its tables: the embedded database itself, or its own
   * pool on the same PostgreSQL server, so long job polls never hold the app's connections.
   */
  jobStore: JobStoreOptions;
  /** The embedded database's data directory as a gzipped tar, consistent as of the call (backups). */
  dumpDataDir?: () => Promise<Blob>;
  /** The server's connection string, for pg_dump (backups). */
  url?: string;
}

/** Waits between attempts to reopen a dropped LISTEN connection: 0.5 s, doubling, at most 30 s. */
const LISTEN_RETRY_MS = { first: 500, max: 30_000 };

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** `url` selects a PostgreSQL server; otherwise PGlite stores data in `dataDir` (or memory when omitted). */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  onConnectionError?: (error: Error) => void;
  /** Told when a new embedded database is being made, the slow part of a first start. */
  onCreate?: (message: string) => void;
  /** Told of every statement the app runs (the bench counts them). */
  onQuery?: (query: string) => void;
}): Promise<Database> {
  const { onQuery } = options;
  const logger = onQuery ? { logQuery: (query: string) => onQuery(query) } : undefined;
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process:
    // the pool opens a new one on the next query.
    pool.on('error', (error) => options.onConnectionError?.(error));
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    await migrateAlone(pool, db);
    const listener = createPgListener(options.url, options.onConnectionError);
    return {
      db,
      driver: 'postgres',
      ping: async () => (await pool.query('select 1')).rowCount === 1,
      listen: listener.listen,
      close: async () => {
        await listener.close();
        await pool.end();
      },
      jobStore: { connectionString: options.url, max: 4, backend: 'postgres' },
      url: options.url,
    };
  }
  const client = await startPglite(options.dataDir, options.onCreate);
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    driver: 'pglite',
    ping: async () => (await client.query('select 1')).rows.length === 1,
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    close: () => client.close(),
    jobStore: { db: fromPglite(client), backend: 'pglite' },
    dumpDataDir: () => client.dumpDataDir('gzip'),
  };
}

/**
 * Several API processes or machines may start at once on a new version: one applies the
 * migrations while the others wait on the lock, then find nothing left to apply.
 */
async function migrateAlone(pool: pg.Pool, db: Db) {
  const lock = await pool.connect();
  try {
    await lock.query(`select pg_advisory_lock(hashtext('schoolledger:migrations'))`);
    await migratePg(db as never, { migrationsFolder });
  } finally {
    await lock.query(`select pg_advisory_unlock(hashtext('schoolledger:migrations'))`).catch(() => {});
    lock.release();
  }
}

/**
 * LISTEN needs a session of its own: a pooled connection goes back to the pool and its LISTENs
 * with it. So each process keeps one dedicated connection, opened at the first listen, and
 * reopens it with backoff when the server drops it, listening again on every channel.
 */
function createPgListener(url: string, onConnectionError?: (error: Error) => void) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const resumers = new Set<() => void>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let retryMs = LISTEN_RETRY_MS.first;
  let closed = false;

  const quoted = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

  async function open(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    next.on('error', (error) => dropped(next, error));
    next.on('end', () => dropped(next, new Error('LISTEN connection ended')));
    await next.connect();
    for (const channel of handlers.keys()) await next.query(`listen ${quoted(channel)}`);
    return next;
  }

  function dropped(which: pg.Client, error: Error) {
    if (closed || client !== which) return;
    client = null;
    onConnectionError?.(error);
    which.end().catch(() => {});
    scheduleRetry();
  }

  function scheduleRetry() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(async () => {
      retryTimer = null;
      try {
        await connected();
        retryMs = LISTEN_RETRY_MS.first;
        for (const resume of resumers) resume();
      } catch (error) {
        onConnectionError?.(error as Error);
        retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MS.max);
        scheduleRetry();
      }
    }, retryMs);
    retryTimer.unref();
  }

  async function connected(): Promise<pg.Client> {
    if (client) return client;
    connecting ??= open().finally(() => {
      connecting = null;
    });
    const next = await connecting;
    if (closed) {
      await next.end();
      throw new Error('The database is closed');
    }
    client = next;
    return next;
  }

  return {
    async listen(channel: string, onPayload: (payload: string) => void, onResumed?: () => void) {
      if (onResumed) resumers.add(onResumed);
      let set = handlers.get(channel);
      const first = !set;
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(onPayload);
      const live = client;
      // A connection opened now LISTENs on every known channel itself.
      if (live && first) await live.query(`listen ${quoted(channel)}`);
      else if (!live) await connected();
      return async () => {
        if (onResumed) resumers.delete(onResumed);
        set.delete(onPayload);
        if (set.size > 0 || handlers.get(channel) !== set) return;
        handlers.delete(channel);
        await client?.query(`unlisten ${quoted(channel)}`).catch(() => {});
      };
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const last = client;
      client = null;
      await last?.end();
    },
  };
}

/** Opens an existing embedded database, or makes a new one (from the saved template when there is one). */
async function startPglite(dataDir: string | undefined, onCreate?: (message: string) => void): Promise<PGlite> {
  const extensions = { pg_trgm };
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  if (dataDir && readdirSync(dataDir).length > 0) return PGlite.create({ dataDir, extensions });

  const template = templatePath(migrationsFolder, Object.keys(extensions));
  const saved = template ? readTemplate(template) : undefined;
  if (template && saved) {
    onCreate?.('Creating the database from the saved template…');
    try {
      return await PGlite.create({ dataDir, extensions, loadDataDir: saved });
    } catch {
      // A damaged copy: the directory was empty before, so it is emptied again and made afresh.
      dropTemplate(template);
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      if (dataDir) mkdirSync(dataDir, { recursive: true });
    }
  }
  onCreate?.('Creating the database (done once per machine, then saved as a template)…');
  const client = await PGlite.create({ dataDir, extensions });
  await migratePglite(drizzlePglite(client) as never, { migrationsFolder });
  if (template) await saveTemplate(client, template);
  return client;
}
