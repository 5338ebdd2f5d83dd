import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { type AppContext, createContext } from '../src/app-context.js';
import { loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { DEMO_DOMAIN, DEMO_PASSWORD, seedDemoIfEmpty } from '../src/seed/demo.js';

export const demoEmail = (name: string) => `${name}@${DEMO_DOMAIN}`;
export { DEMO_PASSWORD };

export interface TestApp {
  app: App;
  ctx: AppContext;
  database: Database;
  /** Signs in a demo user by the part of their email before the @, and returns a bearer header. */
  as(name: string): Promise<{ authorization: string }>;
}

/**
 * Builds the real app on a fresh database seeded with the demo group: PGlite in memory, or,
 * when DATABASE_URL is set, a schema of its own on that PostgreSQL server.
 */
export function useTestApp(options: { clock?: () => Date; env?: Record<string, string> } = {}): TestApp {
  const state = {} as TestApp & { cleanup: () => Promise<void> };
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'schoolledger-test-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      APP_SECRET: randomBytes(32).toString('hex'),
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      ...options.env,
    });
    const url = process.env.DATABASE_URL;
    let dropSchema = async () => {};
    if (url) {
      const pgSchema = `test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create schema ${pgSchema}`);
      dropSchema = async () => {
        await admin.query(`drop schema ${pgSchema} cascade`);
        await admin.end();
      };
      state.database = await openDatabase({ url, pgSchema });
    } else {
      state.database = await openDatabase({});
    }
    state.ctx = createContext({ config, db: state.database.db, log: pino({ level: 'silent' }), clock: options.clock });
    await seedDemoIfEmpty(state.database.db, options.clock?.());
    state.app = await buildApp({ ctx: state.ctx, database: state.database });
    await state.app.ready();
    state.cleanup = async () => {
      await state.app.close();
      await state.database.close();
      await dropSchema();
      rmSync(dataDir, { recursive: true, force: true });
    };
  });

  afterAll(async () => {
    await state.cleanup?.();
  });

  state.as = async (name: string) => {
    let token = tokens.get(name);
    if (!token) {
      const response = await state.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: demoEmail(name), password: DEMO_PASSWORD },
      });
      if (response.statusCode !== 200) throw new Error(`login as ${name} failed: ${response.body}`);
      token = response.json().data.token as string;
      tokens.set(name, token);
    }
    return { authorization: `Bearer ${token}` };
  };

  return state;
}
