import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { createContext } from './app-context.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { startDemoPaymentFakes } from './demo/payment-fakes.js';
import { type JobRunner, startJobRunner } from './jobs/runner.js';
import { createSystemLogSink } from './modules/system/system-log-sink.js';
import { isDemoDatabase, seedDemoIfEmpty } from './seed/demo.js';

const baseConfig = loadConfig();
// Warnings and errors are also kept in the database for the ICT administrator's log screen.
const systemLogSink = createSystemLogSink();
const log = pino(
  { level: baseConfig.logLevel },
  pino.multistream([
    { level: 'trace', stream: process.stdout },
    { level: 'warn', stream: systemLogSink.stream },
  ]),
);
const say = (message: string) => process.stdout.write(`${message}\n`);
const database = await openDatabase({
  url: baseConfig.databaseUrl,
  readUrl: baseConfig.databaseReadUrl,
  dataDir: path.join(baseConfig.dataDir, 'pglite'),
  onConnectionError: (err) => log.warn({ err }, 'database connection lost'),
  onCreate: say,
});

// The demo pays through local fakes unless real keys are configured; never beside real data.
const fakes =
  baseConfig.seedDemo &&
  baseConfig.demoPaymentFakes &&
  !baseConfig.paystack.secretKey &&
  !baseConfig.flutterwave.secretKey &&
  (await isDemoDatabase(database.db))
    ? await startDemoPaymentFakes(baseConfig)
    : null;
const config = fakes?.config ?? baseConfig;
const ctx = createContext({ config, db: database.db, readDb: database.readDb, log });
systemLogSink.attach(database.db);

if (config.seedDemo) {
  const seeded = await seedDemoIfEmpty(database.db, undefined, {
    paymentProfiles: { encryptionKey: ctx.encryptionKey, ownKeys: fakes !== null },
    history: true,
    onProgress: say,
  });
  if (seeded) {
    const logins = seeded.logins.map((login) => `  ${login.role.padEnd(18)} ${login.email}`).join('\n');
    process.stdout.write(
      `\nDemo data loaded: ${seeded.groupName} with ${seeded.schoolCount} schools.\n` +
        `Sign in at ${config.appUrl}/login with any of these (password: ${seeded.password}):\n${logins}\n\n`,
    );
  }
}

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
const app = await buildApp({ ctx, database, webDir, logger: log });
let jobs: JobRunner | undefined;

closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) log.error({ err }, 'shutting down after an error');
  else log.info({ signal }, 'shutting down');
  await app.close();
  await jobs?.stop();
  await fakes?.close();
  await systemLogSink.flush();
  await database.close();
});

await app.listen({ port: config.port, host: config.host });
if (fakes) {
  // The fakes run on this machine and reach the app on loopback, whatever APP_URL says.
  const loopback = ['0.0.0.0', '::', '127.0.0.1', 'localhost'].includes(config.host) ? '127.0.0.1' : config.host;
  fakes.connect(`http://${loopback}:${config.port}`);
  log.info(fakes.urls, 'demo payments go through local Paystack and Flutterwave fakes');
}
log.info(`SchoolLedger is running at ${config.appUrl}`);

// Only the server runs jobs (API tests call the job functions themselves); started once the
// demo fakes are reachable, since the first jobs settle webhooks recorded before the restart.
jobs = await startJobRunner({ ctx, database, store: database.jobStore, log });
ctx.jobs = jobs;
