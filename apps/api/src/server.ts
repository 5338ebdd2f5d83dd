import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { createContext } from './app-context.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDemoIfEmpty } from './seed/demo.js';

const config = loadConfig();
const log = pino({ level: config.logLevel });
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'pglite'),
  onConnectionError: (err) => log.warn({ err }, 'database connection lost'),
});
const ctx = createContext({ config, db: database.db, log });

if (config.seedDemo) {
  const seeded = await seedDemoIfEmpty(database.db);
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

closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) log.error({ err }, 'shutting down after an error');
  else log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
});

await app.listen({ port: config.port, host: config.host });
log.info(`SchoolLedger is running at ${config.appUrl}`);
