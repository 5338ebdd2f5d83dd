import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
// A local SMTP server the tests can read (mail-sink.ts): specs that check emails point the demo
// group's own SMTP settings at it; until then emails are kept in the outbox, as in the demo.
const smtpPort = port + 1;
const MAIL_SINK_URL = `http://127.0.0.1:${port + 2}`;
// A fresh database per run, so every run starts from the demo data alone: the embedded one in its
// own folder, or the empty PostgreSQL database that `npm test` makes for the run (E2E_DATABASE_URL;
// scripts/test-all.mjs says why), into which the server migrates and loads the demo itself.
const dataDir = path.join(tmpdir(), `schoolledger-e2e-${Date.now()}-${process.pid}`);
// Set here or not at all: Playwright hands the server its own environment underneath, where a
// DATABASE_URL meant for the API's tests would name a database neither fresh nor the demo's. An
// undefined value leaves the variable out (node's spawn skips it).
// On PostgreSQL the server runs its default of one process per core, as it does in production;
// with WORKERS=1 the report-heavy test in reports.spec.ts took 52 s against 35 s (one run each).
// Each shard's server shares one PostgreSQL (100 connections) with the other shard's and with the
// API tests running beside them; its processes keep 5 connections each instead of 10, which the
// bursts of the messaging fakes' delivery reports would otherwise fill and keep.
const serverDatabase: Record<string, string | undefined> = {
  DATABASE_URL: process.env.E2E_DATABASE_URL,
  DATABASE_READ_URL: undefined,
  DATABASE_POOL_MAX: process.env.E2E_DATABASE_URL ? '5' : undefined,
};

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // A limit on waiting for what never comes, not a measure of speed: a busy runner can spend over
  // 10 s on a fresh page's first load of the app (seen at a load average of 18 on two cores).
  expect: { timeout: 20_000 },
  // `npm test` asks for each spec file's time (TEST_FILE_TIMES) to name the slowest at the end.
  reporter: process.env.TEST_FILE_TIMES ? [['list'], ['./file-times-reporter.ts']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    // A failed test keeps its trace (actions, DOM snapshots, network, console) but no film strip:
    // recording the screen for every test cost a quarter to a third of the browser tests' CPU time
    // (auth-shell.spec.ts: 48 and 65 s with it, 37 and 39 s without), and the failure's own
    // screenshot is kept below.
    trace: { mode: 'retain-on-failure', screenshots: false },
    // Charts draw at once instead of animating: less rendering, and nothing moving under a click.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'node --import tsx mail-sink.ts',
      cwd: import.meta.dirname,
      url: `${MAIL_SINK_URL}/ready`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { SMTP_PORT: String(smtpPort), HTTP_PORT: String(port + 2) },
    },
    {
      command: 'node --import tsx src/server.ts',
      cwd: path.resolve(import.meta.dirname, '../apps/api'),
      url: `http://localhost:${port}/api/v1/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ...(serverDatabase as Record<string, string>),
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_PER_MINUTE: '10000',
        // The mail sink listens on loopback, which a group's SMTP settings may use only when the operator allows it.
        SMTP_ALLOW_PRIVATE_HOSTS: 'true',
      },
    },
  ],
});
