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
import { PreparingClient } from './preparing-client.js';
import * as schema from './schema.js';

type Schema = typeof schema;
/** The one database type the app uses, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Query functions accept the database or a transaction, so services can compose them. */
export type DbOrTx = Db | Tx;
/**
 * The reading half of the database, what reports and dashboards are given: the read replica when
 * one is configured. A write through it does not compile; a replica would refuse it anyway.
 */
export type ReadDb = Pick<
  Db,
  'select' | 'selectDistinct' | 'selectDistinctOn' | '$with' | 'with' | '$count' | 'query' | 'execute'
>;

export interface Database {
  db: Db;
  /** Where reports and dashboards read: the replica of DATABASE_READ_URL, else `db` itself. */
  readDb: ReadDb;
  /**
   * How far the replica's data is behind, in seconds, when a replica is configured: `reachable`
   * false when it does not answer, `lagSeconds` null when it is not a standby (e.g. a second
   * connection to the primary).
   */
  replicaStatus?: () => Promise<ReplicaStatus>;
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
  /** The embedded database's data directory as a tar, gzipped unless asked otherwise, consistent as of the call (backups). */
  dumpDataDir?: (compression?: 'gzip' | 'none') => Promise<Blob>;
  /** The server's connection string, for pg_dump (backups). */
  url?: string;
}

export interface ReplicaStatus {
  reachable: boolean;
  lagSeconds: number | null;
}

const REPLICA_STATUS_TIMEOUT_MS = 3000;

/** Waits between attempts to reopen a dropped LISTEN connection: 0.5 s, doubling, at most 30 s. */
const LISTEN_RETRY_MS = { first: 500, max: 30_000 };

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** `url` selects a PostgreSQL server; otherwise PGlite stores data in `dataDir` (or memory when omitted). */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  onConnectionError?: (error: Error) => void;
  /** Connections each pool of this process keeps at most (DATABASE_POOL_MAX); 10 unless given. */
  poolMax?: number;
  /** Told when a new embedded database is being made, the slow part of a first start. */
  onCreate?: (message: string) => void;
  /** Told of every statement the app runs, with its parameters (the bench counts and replays them). */
  onQuery?: (query: string, params: unknown[]) => void;
  /** A read replica of the `url` server (DATABASE_READ_URL): a second pool, never migrated. */
  readUrl?: string;
  /**
   * Told of every statement run through `readDb`. On the embedded database, which has no
   * replica, `readDb` is then a second handle over the same database, so the reads can be counted.
   */
  onReadQuery?: (query: string) => void;
  /**
   * The embedded database's first contents, as `dumpDataDir('none')` wrote them, instead of
   * an empty database: the API tests start each file from one migrated, seeded copy. Kept in
   * `dataDir` when given (which must then be empty), else in memory.
   */
  startFrom?: Blob;
}): Promise<Database> {
  const { onQuery, onReadQuery } = options;
  const logger = onQuery ? { logQuery: (query: string, params: unknown[]) => onQuery(query, params) } : undefined;
  const readLogger = onReadQuery ? { logQuery: (query: string) => onReadQuery(query) } : undefined;
  if (options.url) {
    const pool = openPool(options.url, options.onConnectionError, false, options.poolMax);
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    await migrateAlone(pool, db);
    const readPool = options.readUrl
      ? openPool(options.readUrl, options.onConnectionError, true, options.poolMax)
      : null;
    const readDb = readPool ? (drizzlePg(readPool, { schema, logger: readLogger }) as unknown as Db) : db;
    const listener = createPgListener(options.url, options.onConnectionError);
    return {
      db,
      readDb,
      ...(readPool && { replicaStatus: () => replicaStatusOf(readPool) }),
      driver: 'postgres',
      ping: async () => (await pool.query('select 1')).rowCount === 1,
      listen: listener.listen,
      close: async () => {
        await listener.close();
        await pool.end();
        await readPool?.end();
      },
      jobStore: { connectionString: options.url, max: 4, backend: 'postgres' },
      url: options.url,
    };
  }
  const client = options.startFrom
    ? await PGlite.create({ dataDir: options.dataDir, extensions: pgliteExtensions, loadDataDir: options.startFrom })
    : await startPglite(options.dataDir, options.onCreate);
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    readDb: readLogger ? (drizzlePglite(client, { schema, logger: readLogger }) as unknown as Db) : db,
    driver: 'pglite',
    ping: async () => (await client.query('select 1')).rows.length === 1,
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    close: () => client.close(),
    jobStore: { db: fromPglite(client), backend: 'pglite' },
    dumpDataDir: (compression = 'gzip') => client.dumpDataDir(compression),
  };
}

function openPool(url: string, onConnectionError: ((error: Error) => void) | undefined, readOnly = false, max = 10) {
  // No JIT compilation: PostgreSQL compiles a statement whose estimated cost passes
  // jit_above_cost, and ours run in milliseconds to seconds, where compiling costs more than it
  // saves (the reminder run's insert compiled for 0.75 s of its 10; split into 88 statements, each
  // compiled again, 54 s: docs/scaling.md).
  // The replica's sessions are read-only too, so a write that slipped past the types fails even
  // where the read URL names the primary itself. SETs rather than start-up options, which
  // connection poolers refuse; the pool hands a new connection out only once they have run.
  const settings = readOnly ? 'set jit = off; set default_transaction_read_only = on' : 'set jit = off';
  // Idle connections are kept. A new connection is a new server process whose first statements
  // plan afresh and compile each PL/pgSQL function they call; a payment doing that holds its
  // school's rows for tens to hundreds of milliseconds while every other payment of the school
  // waits. With pg's default (close after 10 s idle), the connections a quiet spell let go were
  // reopened at the next burst: the cash desk's slowest 1% at modest load (docs/scaling.md).
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 0,
    Client: PreparingClient,
    onConnect: async (client) => {
      await client.query(settings);
    },
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process:
  // the pool opens a new one on the next query.
  pool.on('error', (error) => onConnectionError?.(error));
  return pool;
}

/**
 * The replay delay as the standby sees it. On a quiet primary nothing is replayed and the figure
 * grows although the replica is current; it is what managed services report too.
 */
async function replicaStatusOf(readPool: pg.Pool): Promise<ReplicaStatus> {
  let timer: NodeJS.Timeout | undefined;
  // A replica that does not answer must not hold up the status page that reports it.
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('The read replica did not answer')), REPLICA_STATUS_TIMEOUT_MS);
  });
  try {
    const { rows } = await Promise.race([
      readPool.query<{ lag: number | null }>(
        `select case when pg_is_in_recovery()
           then extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 end as lag`,
      ),
      timeout,
    ]);
    const lag = rows[0]?.lag ?? null;
    return { reachable: true, lagSeconds: lag === null ? null : Math.max(0, lag) };
  } catch {
    return { reachable: false, lagSeconds: null };
  } finally {
    clearTimeout(timer);
  }
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
const pgliteExtensions = { pg_trgm };

async function startPglite(dataDir: string | undefined, onCreate?: (message: string) => void): Promise<PGlite> {
  const extensions = pgliteExtensions;
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
