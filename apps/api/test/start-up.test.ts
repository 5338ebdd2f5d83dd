import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { users } from '../src/db/schema.js';
import { hashPassword } from '../src/lib/passwords.js';
import { DEMO_DOMAIN } from '../src/seed/demo.js';
import { listeningHost } from '../src/serve.js';
import { DEMO_PASSWORD, demoEmail, seededDataDir } from './helper.js';
import { createTestDatabase } from './test-databases.js';

const API_DIR = path.resolve(import.meta.dirname, '..');
const DEMO_SIGN_INS = [
  'admin',
  'ict',
  'proprietor',
  'principal',
  'headteacher',
  'bursar',
  'auditor',
  'student',
  'parent',
  'principal2',
];

/** A port nothing listens on right now. */
async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether anything answers the health route at this address. */
const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(5000) }).then(
    (response) => response.status === 200,
    () => false,
  );

/**
 * `npm start`'s command, on a database that already holds the demo (a later start, not the first);
 * stopped once it answers on 127.0.0.1. Says what it printed, and whether it also answered on
 * 127.0.0.2: another address of this machine, as the school's network would reach it, which a
 * server listening on 127.0.0.1 alone does not answer.
 */
async function startOnce(env: Record<string, string>) {
  const port = await freePort();
  const output: string[] = [];
  const { DATABASE_URL: _, HOST: __, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: { ...inherited, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => output.push(String(chunk)));
  child.stderr!.on('data', (chunk) => output.push(String(chunk)));
  try {
    const deadline = Date.now() + 110_000;
    while (!(await answers(`http://127.0.0.1:${port}/api/v1/health`))) {
      if (child.exitCode !== null) throw new Error(`the server stopped (${child.exitCode}):\n${output.join('')}`);
      if (Date.now() > deadline) throw new Error(`the server did not answer in time:\n${output.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const fromNetwork = await answers(`http://127.0.0.2:${port}/api/v1/health`);
    return { port, printed: output.join(''), fromNetwork };
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    }
  }
}

describe('the address the server listens on', () => {
  it('is left to the start to choose when HOST is unset or empty', () => {
    expect(loadConfig({}).host).toBeUndefined();
    expect(loadConfig({ HOST: '' }).host).toBeUndefined();
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('is HOST whenever it is set, whatever the demo passwords', () => {
    for (const publicDemoPasswords of [true, false]) {
      expect(listeningHost({ host: '0.0.0.0', publicDemoPasswords })).toBe('0.0.0.0');
      expect(listeningHost({ host: '192.168.1.20', publicDemoPasswords })).toBe('192.168.1.20');
    }
  });

  it('is this computer only while a demo account opens with the public password, every interface once none does', () => {
    expect(listeningHost({ host: undefined, publicDemoPasswords: true })).toBe('127.0.0.1');
    expect(listeningHost({ host: undefined, publicDemoPasswords: false })).toBe('0.0.0.0');
  });
});

/*
 * The embedded database by default, as `npm start` on a fresh clone; on PostgreSQL, two API
 * processes, whose address the first process chooses for them, while the demo password opens
 * accounts (the start that must not reach the network). The start after it is one process on
 * either database: the address is handed to workers the same way whatever it is, and each
 * process's start costs seconds of CPU, which a busy machine stretched to over a minute.
 */
describe('a later start beside the demo data', () => {
  const cleanups: (() => Promise<void>)[] = [];
  const env: Record<string, string> = {};
  let open: () => ReturnType<typeof openDatabase>;

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'schoolledger-start-up-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    Object.assign(env, {
      DATA_DIR: dataDir,
      APP_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'info',
      DEMO_PAYMENT_FAKES: 'false',
      RECONCILE_INTERVAL_SECONDS: '0',
    });
    // The run's copy of the demo (seeded-template.ts), as a start after the first finds it.
    const template = inject('seededTemplate');
    const url = process.env.DATABASE_URL;
    if (url) {
      const created = await createTestDatabase(url, { template: template.database });
      cleanups.push(created.drop);
      Object.assign(env, { DATABASE_URL: created.url, WORKERS: '2' });
      open = () => openDatabase({ url: created.url });
    } else {
      // Where the server keeps the embedded database inside DATA_DIR (serve.ts).
      const pgliteDir = path.join(dataDir, 'pglite');
      open = () => openDatabase({ dataDir: pgliteDir });
      const copy = await openDatabase({ dataDir: pgliteDir, startFrom: seededDataDir(template.dataDirFile!) });
      await copy.close();
    }
  }, 120_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it('prints the demo sign-ins again and listens on this computer only, saying how to open it to the network', async () => {
    const started = await startOnce(env);
    expect(started.printed).toContain(
      `Sign in at http://localhost:${started.port}/login with any of these (password: ${DEMO_PASSWORD}):`,
    );
    for (const name of DEMO_SIGN_INS) expect(started.printed).toContain(demoEmail(name));
    expect(started.printed).toContain('SchoolLedger listens on this computer only (127.0.0.1)');
    expect(started.printed).toContain('HOST=0.0.0.0 npm start');
    expect(started.fromNetwork).toBe(false);
  }, 150_000);

  it('once every demo account has a password of its own, prints no sign-ins and opens to the network', async () => {
    const database = await open();
    try {
      const ownPassword = await hashPassword('a password of our own');
      await database.db
        .update(users)
        .set({ passwordHash: ownPassword })
        .where(like(users.email, `%@${DEMO_DOMAIN}`));
    } finally {
      await database.close();
    }
    const started = await startOnce({ ...env, WORKERS: '1' });
    expect(started.printed).not.toContain(DEMO_PASSWORD);
    expect(started.printed).not.toContain(demoEmail('admin'));
    expect(started.fromNetwork).toBe(true);
  }, 150_000);
});
