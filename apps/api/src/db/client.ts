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
  close(): Promise<void>;
  /**
   * Where the job queue (pg-boss) keeps its tables: the embedded database itself, or its own
   * pool on the same PostgreSQL server, so long job polls never hold the app's connections.
   */
  jobStore: JobStoreOptions;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

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
    await migratePg(db as never, { migrationsFolder });
    return {
      db,
      driver: 'postgres',
      ping: async () => (await pool.query('select 1')).rowCount === 1,
      close: () => pool.end(),
      jobStore: { connectionString: options.url, max: 4, backend: 'postgres' },
    };
  }
  const client = await startPglite(options.dataDir, options.onCreate);
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    driver: 'pglite',
    ping: async () => (await client.query('select 1')).rows.length === 1,
    close: () => client.close(),
    jobStore: { db: fromPglite(client), backend: 'pglite' },
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
