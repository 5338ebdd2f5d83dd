import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const API_DIR = path.resolve(import.meta.dirname, '../../apps/api');

export interface AppServer {
  url: string;
  /** Ends the server as an operator would (SIGTERM), its data kept for the next start. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it and removes its data. */
  dispose(): Promise<void>;
}

async function healthy(url: string, within: number) {
  const deadline = Date.now() + within;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`The app server at ${url} did not start within ${within / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The app (API and built web app) started as e2e/playwright.config.ts starts its own, on a port and
 * an embedded database of its own, for what the shared server cannot be put through: being
 * stopped and started again while a test runs, or a measure that no other test may disturb. The
 * embedded database even when the shared server runs on PostgreSQL: what is tried here is the
 * process, and a folder of its own needs no database made and dropped around it.
 */
export async function startAppServer(port: number, { quiet = true } = {}): Promise<AppServer> {
  const url = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'schoolledger-own-server-'));
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();

  const start = async () => {
    const started = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API_DIR,
      stdio: ['ignore', 'ignore', quiet ? 'ignore' : 'inherit'],
      env: {
        ...Object.fromEntries(
          Object.entries(process.env).filter(([key]) => !key.startsWith('DATABASE_') && key !== 'WORKERS'),
        ),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      },
    });
    child = started;
    exited = new Promise((resolve) => started.once('exit', () => resolve()));
    // A fresh folder is migrated and given the demo first, which takes a while on a busy machine.
    await healthy(url, 180_000);
  };

  const stop = async () => {
    if (!child || child.exitCode !== null) return;
    child.kill('SIGTERM');
    const killed = setTimeout(() => child?.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(killed);
    child = null;
  };

  await start();
  return {
    url,
    start,
    stop,
    async dispose() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
