/** Writes the API's OpenAPI document, as the built app serves it, to the file named on the command line. */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from '../src/app.js';
import { createContext } from '../src/app-context.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';

const out = process.argv[2];
if (!out) throw new Error('usage: openapi.ts <output file>');
const dataDir = mkdtempSync(path.join(tmpdir(), 'schoolledger-openapi-'));
try {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', APP_SECRET: randomBytes(32).toString('hex') });
  const database = await openDatabase({});
  const ctx = createContext({ config, db: database.db, log: pino({ level: 'silent' }) });
  const app = await buildApp({ ctx, database });
  await app.ready();
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  await app.close();
  await database.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
