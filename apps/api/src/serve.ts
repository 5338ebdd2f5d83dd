import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { buildApp } from './app.js';
import type { AppContext } from './app-context.js';
import type { AppConfig } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { type JobRunner, startJobRunner } from './jobs/runner.js';
import { createSystemLogSink } from './modules/system/system-log-sink.js';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export const ALL_INTERFACES = '0.0.0.0';
const THIS_COMPUTER = '127.0.0.1';

/**
 * HOST when it is set; otherwise this computer only while a demo account still opens with the
 * public demo password, and every interface (the school's network) once none does.
 */
export function listeningHost(options: { host: string | undefined; publicDemoPasswords: boolean }): string {
  return options.host ?? (options.publicDemoPasswords ? THIS_COMPUTER : ALL_INTERFACES);
}

/** A process's log: stdout, and warnings and errors also in the database for the ICT administrator's log screen. */
export function startLogging(config: AppConfig) {
  const sink = createSystemLogSink();
  const log = pino(
    { level: config.logLevel },
    pino.multistream([
      { level: 'trace', stream: process.stdout },
      { level: 'warn', stream: sink.stream },
    ]),
  );
  return { log, sink };
}

export type Logging = ReturnType<typeof startLogging>;

/** Opens (and migrates) the configured database; the log sink writes to it from then on. */
export async function openAppDatabase(config: AppConfig, logging: Logging, onCreate?: (message: string) => void) {
  const database = await openDatabase({
    url: config.databaseUrl,
    readUrl: config.databaseReadUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
    onConnectionError: (err) => logging.log.warn({ err }, 'database connection lost'),
    onCreate,
    poolMax: config.databasePoolMax,
  });
  logging.sink.attach(database.db);
  return database;
}

/**
 * One process serving the API and the web app: the only process with WORKERS=1, each worker of
 * the cluster otherwise (they listen on one shared port). Every serving process also runs the job
 * runner: its queues keep each job to one run whatever the number of processes (jobs/runner.ts).
 */
export async function buildServer(options: { ctx: AppContext; database: Database; logging: Logging }) {
  const { ctx, database, logging } = options;
  const app = await buildApp({ ctx, database, webDir, logger: logging.log });
  let jobs: JobRunner | undefined;
  return {
    /** `onListening` runs before the jobs start: the first jobs may call back into the app. */
    async listen(host: string, onListening?: () => void) {
      await app.listen({ port: ctx.config.port, host });
      onListening?.();
      jobs = await startJobRunner({ ctx, database, store: database.jobStore, log: logging.log });
      ctx.jobs = jobs;
    },
    async close() {
      await app.close();
      await jobs?.stop();
    },
  };
}
