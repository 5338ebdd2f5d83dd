// `npm test`: every check, in the order a failure is cheapest to find. The PostgreSQL pass of the
// API tests runs beside the build and the browser tests rather than before them: the browser tests
// drive one page at a time and leave a core mostly idle, and one after the other the two no longer
// fit the CI's 30 minutes. The PGlite pass comes first, alone: beside the browser tests on a
// machine busy with other work it got too little of the cores (their many processes took most of
// them), and its longest test passed its 3-minute timeout. The PostgreSQL pass's output (and the
// load test's after it) is held and printed whole when it ends, so the two never interleave line
// by line. At the end come each stage's wall time and the ten slowest test files of each pass,
// which say where the time goes.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const sequential = ['lint', 'lint:deps', 'lint:timing', 'typecheck', 'lint:api', 'test:unit'];

function run(command, args, stdio = 'inherit', env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio, env: { ...process.env, ...env } });
    child.on('close', (code) => resolve(code ?? 1));
  });
}
const npmRun = (script, args = [], env = {}) => run('npm', ['run', script, ...args], 'inherit', env);
const started = Date.now();
const minutes = (since) => `${((Date.now() - since) / 60_000).toFixed(1)} min`;
/** Each stage's wall time, printed at the end: the CI has 30 minutes, and this says where they go. */
const stages = [];
const timed = (name, work) => {
  const since = Date.now();
  return work().then((code) => {
    stages.push(`${name}: ${minutes(since)}`);
    return code;
  });
};

const held = mkdtempSync(path.join(tmpdir(), 'schoolledger-test-pg-'));
/*
 * Each pass's reporter adds a line per test file to its own file, `{"file":…,"ms":…}`: Vitest's
 * through scripts/vitest-file-times.mjs, Playwright's through e2e/file-times-reporter.ts.
 */
const fileTimes = {
  'unit and API tests on PGlite': path.join(held, 'unit.jsonl'),
  'API tests on PostgreSQL': path.join(held, 'postgres.jsonl'),
  'browser tests': path.join(held, 'browser.jsonl'),
};
const vitestTimes = ['--reporter=default', `--reporter=${path.resolve(import.meta.dirname, 'vitest-file-times.mjs')}`];
/** The ten slowest files of each pass that ran, slowest first. */
function slowestFiles() {
  return Object.entries(fileTimes)
    .filter(([, file]) => existsSync(file))
    .map(([pass, file]) => {
      const spent = readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 10)
        .map(({ file: name, ms }) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
      return `\nSlowest test files, ${pass}:\n${spent.join('\n')}`;
    })
    .join('\n');
}

for (const script of sequential) {
  // `npm run test:unit -- -- …` reaches each workspace's `vitest run`.
  const code = await timed(script, () =>
    script === 'test:unit'
      ? npmRun(script, ['--', '--', ...vitestTimes], { TEST_FILE_TIMES: fileTimes['unit and API tests on PGlite'] })
      : npmRun(script),
  );
  if (code !== 0) {
    rmSync(held, { recursive: true, force: true });
    process.exit(code);
  }
}

const logFile = path.join(held, 'test-pg.log');
const log = openSync(logFile, 'w');
// One test file at a time on PostgreSQL, so the browser tests keep a core of their own; then the
// short load test (`npm run bench:load -- --ci`), at a rate that leaves the browser tests room.
const onPostgres = (args, env = {}) =>
  run('node', ['scripts/with-test-postgres.mjs', ...args], ['ignore', log, log], env);
const postgres = timed('API tests on PostgreSQL', () =>
  onPostgres(['npm', 'run', 'test', '--workspace', 'apps/api', '--', '--maxWorkers=1', ...vitestTimes], {
    TEST_FILE_TIMES: fileTimes['API tests on PostgreSQL'],
  }),
)
  .then((code) =>
    code === 0 ? timed('load test', () => onPostgres(['npm', 'run', 'bench:load', '--', '--ci'])) : code,
  )
  .then((code) => {
    process.stdout.write(readFileSync(logFile));
    return code;
  });

/*
 * The browser tests' server runs on a fresh PostgreSQL database of its own (E2E_DATABASE_URL, read
 * by e2e/playwright.config.ts) rather than the embedded one. The browser pass is one serial chain
 * of page and server, and the embedded database runs its queries in the server's own process: one
 * report-heavy test took 50.1 s on it and 35.6 s on PostgreSQL. Without a reachable server the
 * tests fall back to the embedded database, except on CI, where that is a failure.
 *
 * For the same reason the pass runs as BROWSER_SHARDS shards side by side (Playwright's --shard),
 * each with its own server, mail sink, database and browser (E2E_PORT apart by 10): one chain
 * leaves most of a core idle while it waits on the other side.
 */
const POSTGRES_SERVER = 'postgres://postgres@127.0.0.1:5432';
const BROWSER_SHARDS = 2;
/** Drops each browser database while it exists, so an interrupted run drops them too. */
const browserDatabaseDrops = new Set();

async function createBrowserDatabase(shard) {
  const admin = new pg.Client({ connectionString: `${POSTGRES_SERVER}/postgres`, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    const message = `PostgreSQL is not reachable at ${POSTGRES_SERVER}: ${error.message}`;
    if (process.env.CI) {
      console.error(`${message}; the browser tests need it on CI`);
      return { failed: true };
    }
    console.warn(`${message}; the browser tests run on the embedded database`);
    return { env: {} };
  }
  const name = `schoolledger_e2e_${Date.now()}_${process.pid}_${shard}`;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  let dropped;
  const drop = () => {
    dropped ??= (async () => {
      const client = new pg.Client({ connectionString: `${POSTGRES_SERVER}/postgres`, connectionTimeoutMillis: 3000 });
      try {
        await client.connect();
        // FORCE: a server the tests left behind (an interrupted run) would otherwise keep it open.
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } catch (error) {
        console.error(`Could not drop the browser tests' database ${name}: ${error.message}`);
      } finally {
        await client.end().catch(() => {});
      }
    })();
    return dropped;
  };
  browserDatabaseDrops.add(drop);
  return { env: { E2E_DATABASE_URL: `${POSTGRES_SERVER}/${name}` }, drop };
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await Promise.all([...browserDatabaseDrops].map((drop) => drop()));
    rmSync(held, { recursive: true, force: true });
    process.kill(process.pid, signal);
  });
}

/** One shard of the browser tests; the first prints as it goes, the others when they end. */
async function browserShard(shard) {
  const database = await createBrowserDatabase(shard).catch((error) => {
    console.error(`Could not create the browser tests' database: ${error.message}`);
    return { failed: true };
  });
  if (database.failed) return 1;
  const port = Number(process.env.E2E_PORT ?? 3210) + 10 * (shard - 1);
  // `npm run test:e2e -- -- …` reaches the workspace's `playwright test`.
  const args = ['run', 'test:e2e', '--', '--', `--shard=${shard}/${BROWSER_SHARDS}`, `--output=test-results/${shard}`];
  const env = { TEST_FILE_TIMES: fileTimes['browser tests'], E2E_PORT: String(port), ...database.env };
  try {
    if (shard === 1) return await run('npm', args, 'inherit', env);
    const shardLog = path.join(held, `browser-${shard}.log`);
    const out = openSync(shardLog, 'w');
    const code = await run('npm', args, ['ignore', out, out], env);
    process.stdout.write(readFileSync(shardLog));
    return code;
  } finally {
    await database.drop?.();
  }
}

async function browserTests() {
  const shards = Array.from({ length: BROWSER_SHARDS }, (_, index) => browserShard(index + 1));
  return (await Promise.all(shards)).find((code) => code !== 0) ?? 0;
}

const browser = timed('build', () => npmRun('build')).then((code) =>
  code === 0 ? timed('browser tests', browserTests) : code,
);
const [pgCode, browserCode] = await Promise.all([postgres, browser]);
const slowest = slowestFiles();
rmSync(held, { recursive: true, force: true });
console.log(`${slowest}\n\n${stages.join('\n')}\nnpm test: ${minutes(started)}`);
// Not process.exit: writes to a pipe are asynchronous, and an exit right after this one cut the
// summary off once the held PostgreSQL output before it was long.
process.exitCode = pgCode || browserCode;
