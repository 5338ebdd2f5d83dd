import './require-node.js';
import cluster from 'node:cluster';
import closeWithGrace from 'close-with-grace';
import { type AppContext, createContext } from './app-context.js';
import { STOP_MESSAGE, startWorkers } from './cluster.js';
import { type AppConfig, loadConfig } from './config.js';
import type { Database } from './db/client.js';
import { prepareDemoPhones, startDemoMessagingFakes } from './demo/messaging-fakes.js';
import { startDemoPaymentFakes } from './demo/payment-fakes.js';
import { openDemoVirtualAccounts, restoreDemoVirtualAccounts } from './demo/virtual-accounts.js';
import { isDemoDatabase, publicDemoSignIns, seedDemoIfEmpty } from './seed/demo.js';
import { ALL_INTERFACES, buildServer, listeningHost, openAppDatabase, startLogging } from './serve.js';

const baseConfig = loadConfig();
const logging = startLogging(baseConfig);
const { log } = logging;
const say = (message: string) => process.stdout.write(`${message}\n`);

if (cluster.isWorker) await runWorker(baseConfig);
else await runPrimary();

/**
 * The work done once, before any process serves: opening (and migrating) the database, the demo's
 * local payment providers and data, and the master secret file (createContext makes it when
 * APP_SECRET is unset, so workers only read it).
 */
async function prepare() {
  const database = await openAppDatabase(baseConfig, logging, say);
  // The demo pays through local fakes unless real keys are configured; never beside real data.
  const fakes =
    baseConfig.seedDemo &&
    baseConfig.demoPaymentFakes &&
    !baseConfig.paystack.secretKey &&
    !baseConfig.flutterwave.secretKey &&
    (await isDemoDatabase(database.db))
      ? await startDemoPaymentFakes(baseConfig)
      : null;
  // Likewise SMS and WhatsApp, with a page showing each parent's phone.
  const phones =
    fakes && !baseConfig.termii.apiKey && !baseConfig.whatsapp.token
      ? await startDemoMessagingFakes(fakes.config)
      : null;
  const config = phones?.config ?? fakes?.config ?? baseConfig;
  const ctx = createContext({ config, db: database.db, readDb: database.readDb, log });
  if (fakes) await restoreDemoVirtualAccounts(ctx, fakes);
  if (config.seedDemo && (await seedDemo(ctx, fakes !== null)) && fakes) await openDemoVirtualAccounts(ctx, say);
  if (phones) await prepareDemoPhones(ctx);
  const host = await chooseHost(ctx);
  if (phones) say(`Messages to parents' phones (SMS and WhatsApp) appear at ${phones.urls.phoneInbox}\n`);
  return { database, fakes, phones, ctx, host };
}

/** Loads the demo into an empty database; true when it did. */
async function seedDemo(ctx: AppContext, ownKeys: boolean) {
  const seeded = await seedDemoIfEmpty(ctx.db, undefined, {
    paymentProfiles: { encryptionKey: ctx.encryptionKey, ownKeys },
    history: true,
    onProgress: say,
  });
  if (seeded) say(`\nDemo data loaded: ${seeded.groupName} with ${seeded.schoolCount} schools.`);
  return seeded !== null;
}

/**
 * Where to listen, said on every start while the demo's public password still opens accounts: the
 * sign-ins that take it, and, unless HOST is set, that only this computer can reach the app until
 * the passwords are changed, since anyone on the school's network could otherwise sign in as the
 * admin.
 */
async function chooseHost(ctx: AppContext): Promise<string> {
  const demo = await publicDemoSignIns(ctx.db);
  const host = listeningHost({ host: ctx.config.host, publicDemoPasswords: demo.anyPublic });
  if (!demo.anyPublic) return host;
  const logins = demo.logins.map((login) => `  ${login.role.padEnd(18)} ${login.email}`).join('\n');
  say(
    demo.logins.length > 0
      ? `\nSign in at ${ctx.config.appUrl}/login with any of these (password: ${demo.password}):\n${logins}\n`
      : `\nSome demo accounts still have the demo password (${demo.password}).\n`,
  );
  if (ctx.config.host === undefined) {
    say(
      `Anyone who knows that password could sign in, so SchoolLedger listens on this computer only (${host}).\n` +
        `To open it to the school's network, give the demo accounts passwords of their own and restart,\n` +
        `or start it with HOST=${ALL_INTERFACES} (for example: HOST=${ALL_INTERFACES} npm start).\n`,
    );
  }
  return host;
}

async function runPrimary() {
  const { database, fakes, phones, ctx, host } = await prepare();
  const { config } = ctx;
  const connectFakes = () => {
    if (!fakes) return;
    // The fakes run on this machine and reach the app on loopback, whatever APP_URL says.
    const loopback = ['0.0.0.0', '::', '127.0.0.1', 'localhost'].includes(host) ? '127.0.0.1' : host;
    fakes.connect(`http://${loopback}:${config.port}`);
    log.info(fakes.urls, 'demo payments go through local Paystack and Flutterwave fakes');
    if (!phones) return;
    phones
      .connect(`http://${loopback}:${config.port}`)
      .then(() => log.info(phones.urls, 'demo messages go through local Termii and WhatsApp fakes'))
      .catch((error: unknown) => log.error({ err: error }, 'the local WhatsApp could not reach the app'));
  };
  const closeShared = async () => {
    await phones?.close();
    await fakes?.close();
    await logging.sink.flush();
    if (config.workers === 1) await database.close();
  };

  if (config.workers === 1) {
    const server = await buildServer({ ctx, database, logging });
    closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
      if (err) log.error({ err }, 'shutting down after an error');
      else log.info({ signal }, 'shutting down');
      await server.close();
      await closeShared();
    });
    // Jobs start once the demo fakes are reachable: the first ones settle webhooks recorded before the restart.
    await server.listen(host, () => {
      connectFakes();
      log.info(`SchoolLedger is running at ${config.appUrl}`);
    });
    return;
  }

  // The primary only supervises from here: the connections it opened to migrate and load the
  // demo would sit idle for the life of the server (the pool keeps them), beside every worker's.
  await database.close();
  const workers = startWorkers({
    count: config.workers,
    env: workerEnv(config, host),
    log,
    onAllListening: () => {
      connectFakes();
      log.info(`SchoolLedger is running at ${config.appUrl} with ${config.workers} API processes`);
    },
    onFailedStart: () => {
      void workers
        .stop()
        .then(closeShared)
        .finally(() => process.exit(1));
    },
  });
  // Longer than a worker's own grace, so each can finish its requests first.
  closeWithGrace({ delay: 15_000 }, async ({ err, signal }) => {
    if (err) log.error({ err }, 'shutting down after an error');
    else log.info({ signal }, 'shutting down');
    await workers.stop();
    await closeShared();
  });
}

/**
 * What the primary decided that a worker cannot: the address to listen on, where the demo's local
 * providers listen, and their keys.
 */
function workerEnv(config: AppConfig, host: string): Record<string, string> {
  if (config === baseConfig) return { HOST: host };
  const env: Record<string, string> = {
    HOST: host,
    PAYSTACK_BASE_URL: config.paystack.baseUrl,
    FLUTTERWAVE_BASE_URL: config.flutterwave.baseUrl,
  };
  if (config.paystack.secretKey) env.PAYSTACK_SECRET_KEY = config.paystack.secretKey;
  if (config.flutterwave.secretKey) env.FLUTTERWAVE_SECRET_KEY = config.flutterwave.secretKey;
  if (config.flutterwave.secretHash) env.FLUTTERWAVE_SECRET_HASH = config.flutterwave.secretHash;
  if (config.demoBankUrl) env.DEMO_BANK_URL = config.demoBankUrl;
  if (config.demoPhoneInboxUrl) {
    env.DEMO_PHONE_INBOX_URL = config.demoPhoneInboxUrl;
    env.TERMII_BASE_URL = config.termii.baseUrl;
    env.WHATSAPP_GRAPH_URL = config.whatsapp.graphUrl;
    for (const [name, value] of Object.entries({
      TERMII_API_KEY: config.termii.apiKey,
      TERMII_SECRET_KEY: config.termii.secretKey,
      TERMII_SENDER_ID: config.termii.senderId,
      WHATSAPP_TOKEN: config.whatsapp.token,
      WHATSAPP_PHONE_NUMBER_ID: config.whatsapp.phoneNumberId,
      WHATSAPP_APP_SECRET: config.whatsapp.appSecret,
      WHATSAPP_VERIFY_TOKEN: config.whatsapp.verifyToken,
    })) {
      if (value) env[name] = value;
    }
  }
  return env;
}

async function runWorker(config: AppConfig) {
  const database: Database = await openAppDatabase(config, logging);
  const ctx = createContext({ config, db: database.db, readDb: database.readDb, log });
  const server = await buildServer({ ctx, database, logging });
  // A terminal (Ctrl-C, closing it) and service managers signal the whole group at once; the
  // primary then stops each worker with a message, so a worker leaves these signals to it rather
  // than stop twice (a second signal during a stop exits at once, mid-request).
  const groupSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  for (const signal of groupSignals) process.on(signal, () => {});
  let stopping = false;
  const grace = closeWithGrace({ delay: 10_000, skip: [...groupSignals] }, async ({ err, signal }) => {
    stopping = true;
    if (err) log.error({ err }, 'an API process is stopping after an error');
    else log.debug({ signal }, 'an API process is stopping');
    await server.close();
    await logging.sink.flush();
    await database.close();
  });
  process.on('message', (message) => {
    if (message === STOP_MESSAGE && !stopping) grace.close();
  });
  // The primary always names the address (workerEnv).
  await server.listen(config.host ?? ALL_INTERFACES);
}
