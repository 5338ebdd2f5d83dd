// `npm test`: every check, in the order a failure is cheapest to find. The PostgreSQL pass of the
// API tests runs beside the build and the browser tests rather than before them: the browser tests
// drive one page at a time and leave a core mostly idle, and one after the other the two no longer
// fit the CI's 30 minutes. The PostgreSQL pass's output (and the load test's after it) is held and
// printed whole when it ends, so the two never interleave line by line.
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const sequential = ['lint', 'lint:deps', 'typecheck', 'lint:api', 'test:unit'];

function run(command, args, stdio = 'inherit') {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio, env: process.env });
    child.on('close', (code) => resolve(code ?? 1));
  });
}
const npmRun = (script) => run('npm', ['run', script]);
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

for (const script of sequential) {
  const code = await timed(script, () => npmRun(script));
  if (code !== 0) process.exit(code);
}

const held = mkdtempSync(path.join(tmpdir(), 'schoolledger-test-pg-'));
const logFile = path.join(held, 'test-pg.log');
const log = openSync(logFile, 'w');
// One test file at a time on PostgreSQL, so the browser tests keep a core of their own; then the
// short load test (`npm run bench:load -- --ci`), at a rate that leaves the browser tests room.
const onPostgres = (args) => run('node', ['scripts/with-test-postgres.mjs', ...args], ['ignore', log, log]);
const postgres = timed('API tests on PostgreSQL', () =>
  onPostgres(['npm', 'run', 'test', '--workspace', 'apps/api', '--', '--maxWorkers=1']),
)
  .then((code) =>
    code === 0 ? timed('load test', () => onPostgres(['npm', 'run', 'bench:load', '--', '--ci'])) : code,
  )
  .then((code) => {
    process.stdout.write(readFileSync(logFile));
    return code;
  });
const browser = timed('build', () => npmRun('build')).then((code) =>
  code === 0 ? timed('browser tests', () => npmRun('test:e2e')) : code,
);
const [pgCode, browserCode] = await Promise.all([postgres, browser]);
rmSync(held, { recursive: true, force: true });
console.log(`\n${stages.join('\n')}\nnpm test: ${minutes(started)}`);
process.exit(pgCode || browserCode);
