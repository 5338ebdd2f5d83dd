/**
 * `npm run bench:load`: the API as a real server process under a resumption-day mix (load-mix.ts)
 * at a steady rate, on the bench's data set in a PostgreSQL database of its own. Reports each
 * route's requests, errors and latencies, the server's resident memory at the start and end and,
 * where PostgreSQL has pg_stat_statements loaded, the statements that took most of its time,
 * then checks from the database that no payment was credited twice. Exits 1 on any failed
 * request, any money check that finds a problem, or memory that grew (see MEMORY_RULE).
 *
 * DATABASE_URL (required): the PostgreSQL server; the run creates and drops its own database.
 * BENCH_LOAD_RATE (300 requests/s), BENCH_LOAD_SECONDS (600), BENCH_LOAD_WARMUP (30 s, not measured),
 * BENCH_LOAD_PORT (a free port), WORKERS (passed to the server; its own default otherwise), and
 * BENCH_SCHOOLS / BENCH_STUDENTS / BENCH_PAYMENTS as for `npm run bench`. BENCH_LOAD_ONLY (say
 * `pay-with-cash`): only the routes whose label contains one of its comma-separated parts, sharing
 * the whole rate, to measure one route alone on a real server with all its workers.
 * `--ci` (or BENCH_LOAD_CI=true): 60 s at 30 requests/s after 10 s of warm-up on 4 schools,
 * 2,000 students and 20,000 payments; memory is reported, not judged, over so short a run. The
 * rate is what the CI machine spares beside the browser tests (about half a core at ~15 ms of CPU a
 * request): in CI the run checks the money under a concurrent mix, not the throughput.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { todayIn } from '@schoolledger/domain';
import { startPaystackFake } from '@schoolledger/provider-fakes';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { rowsOf } from '../src/db/rows.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { seedBenchDataset } from './dataset.js';
import { moneyChecks } from './load-checks.js';
import { type Ledger, newLedger, ONLINE_PAYMENT_SHARE, paystackDelivery, type Route, routes } from './load-mix.js';
import { preparePeople } from './load-people.js';
import { startStatementStats } from './load-statements.js';
import { paced } from './paced.js';

const ci = process.argv.includes('--ci') || process.env.BENCH_LOAD_CI === 'true';
function setting(name: string, fallback: number) {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number, not ${raw}`);
  return value;
}
const RATE = setting('BENCH_LOAD_RATE', ci ? 30 : 300);
const SECONDS = setting('BENCH_LOAD_SECONDS', ci ? 60 : 600);
const WARMUP = setting('BENCH_LOAD_WARMUP', ci ? 10 : 30);
const size = {
  schools: setting('BENCH_SCHOOLS', ci ? 4 : 20),
  students: setting('BENCH_STUDENTS', ci ? 2000 : 50_000),
  payments: setting('BENCH_PAYMENTS', ci ? 20_000 : 1_000_000),
  largeSchoolStudents: ci ? 500 : 5000,
};
// Two of the schools are the demo's; the bench's students are in the others.
if (size.schools < 3) throw new Error('BENCH_SCHOOLS must be at least 3 for the load test');
/** Memory is flat when the end is within a fifth of the start plus 20 MiB of slack. */
const MEMORY_RULE = { factor: 1.2, slackMiB: 20 };
const MiB = 1024 * 1024;

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error('npm run bench:load needs PostgreSQL: set DATABASE_URL (the run makes a database of its own there).');
  process.exit(1);
}
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const appSecret = randomBytes(32).toString('hex');
const providerKey = `sk_test_load_${randomBytes(8).toString('hex')}`;
const loadDb = `load_${randomBytes(4).toString('hex')}`;
const loadUrl = Object.assign(new URL(serverUrl), { pathname: `/${loadDb}` }).toString();
const dataDir = mkdtempSync(path.join(tmpdir(), 'schoolledger-load-'));

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${loadDb}`);
const database = await openDatabase({ url: loadUrl });
const { db } = database;
const fake = await startPaystackFake({ secretKey: providerKey });
const ledger: Ledger = newLedger();
let server: ChildProcess | undefined;
// Whatever ends this process, the server it started goes with it.
process.on('exit', () => server?.kill('SIGKILL'));

async function main() {
  const seedStarted = performance.now();
  await seedBenchDataset(db, size);
  const seededIn = (performance.now() - seedStarted) / 1000;
  const routeList = onlyAsked(
    routes({
      people: await preparePeople(db, {
        appSecret,
        tokenTtlSeconds: WARMUP + SECONDS + 3600,
        // Each online payment is a payer paying their whole fee: one payer per initiation.
        payersNeeded: Math.ceil(shareOf(ONLINE_PAYMENT_SHARE) * (WARMUP + SECONDS + 2) * 1.05) + 20,
        parents: ci ? 50 : 500,
        signIns: Math.min(2000, size.students),
      }),
      ledger,
      provider: {
        secretKey: providerKey,
        pay: (paymentUrl) => track(payAtProvider(paymentUrl)),
        transactionId: (reference) => fake.transaction(reference)?.id,
      },
      today: todayIn(),
      password: DEMO_PASSWORD,
    }),
  );
  const plan = planRates(routeList);
  const base = await startServer();
  const workers = process.env.WORKERS ?? 'the server default';

  const since = new Date();
  console.log(`Warm-up: ${WARMUP} s at ${RATE} requests/s (not measured)`);
  const warmup = await phase('warm-up', base, plan, WARMUP);
  const statements = await startStatementStats(db);
  const usageStart = serverUsage();
  const machineStart = machineBusyMs();
  const ownCpu = process.cpuUsage();
  let rssPeak = usageStart.rss;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, serverUsage().rss);
  }, 5000);
  console.log(`Measuring: ${SECONDS} s at ${RATE} requests/s`);
  const measured = await phase('measured', base, plan, SECONDS);
  clearInterval(sampler);
  const usageEnd = serverUsage();
  const machineMs = machineBusyMs() - machineStart;
  const generatorCpu = process.cpuUsage(ownCpu);
  const statementLines = typeof statements === 'string' ? [statements] : await statements.report(SECONDS);
  rssPeak = Math.max(rssPeak, usageEnd.rss);

  const late = await notifyTheRest(base);
  const unsettled = await waitForCredits();
  const checks = await moneyChecks(db, ledger, since);
  const log = serverLog.summary();

  const header = `${'route'.padEnd(38)} ${'rate/s'.padStart(7)} ${'done/s'.padStart(7)} ${'requests'.padStart(9)} ${'errors'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)}`;
  console.log(
    `\nSchoolLedger load test${ci ? ' (CI)' : ''}: ${RATE} requests/s for ${SECONDS} s after ${WARMUP} s of warm-up, ` +
      `on PostgreSQL; WORKERS=${workers} (${usageEnd.processes} server process${usageEnd.processes === 1 ? '' : 'es'})`,
  );
  console.log(
    `data set: ${size.schools} schools, ${size.students} students, ${size.payments} payments, seeded in ${seededIn.toFixed(1)} s`,
  );
  console.log(header);
  let errors = 0;
  let total = 0;
  let succeeded = 0;
  let elapsed = SECONDS;
  for (const [index, result] of measured.entries()) {
    const route = plan[index]!;
    errors += result.failed;
    total += result.sent;
    succeeded += result.succeeded;
    elapsed = Math.max(elapsed, result.seconds);
    console.log(
      `${route.label.padEnd(38)} ${String(route.rate).padStart(7)} ${(result.succeeded / result.seconds).toFixed(1).padStart(7)} ${String(result.sent).padStart(9)} ${String(result.failed).padStart(7)} ${fmt(result.p50)} ${fmt(result.p99)} ${fmt(result.max)}`,
    );
    for (const sample of route.failures.slice(0, 3)) console.log(`    ${sample}`);
  }
  console.log(
    `${'all routes'.padEnd(38)} ${String(RATE).padStart(7)} ${(succeeded / elapsed).toFixed(1).padStart(7)} ${String(total).padStart(9)} ${String(errors).padStart(7)}`,
  );
  console.log(
    `CPU per request: server ${((usageEnd.cpuMs - usageStart.cpuMs) / total).toFixed(1)} ms (user + system of its processes; PostgreSQL's not included), ` +
      `load generator ${((generatorCpu.user + generatorCpu.system) / 1000 / total).toFixed(1)} ms, ` +
      `the whole machine ${(machineMs / total).toFixed(1)} ms (PostgreSQL and the rest included); ` +
      `rate ${succeeded / elapsed >= RATE * 0.95 ? 'held' : 'NOT held'} (${((100 * succeeded) / elapsed / RATE).toFixed(0)}% of ${RATE}/s; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)`,
  );
  for (const line of statementLines) console.log(line);
  const warmupErrors = warmup.reduce((sum, result) => sum + result.failed, 0);
  if (warmupErrors > 0) console.log(`(warm-up: ${warmupErrors} failed requests, not counted above)`);

  const limit = usageStart.rss * MEMORY_RULE.factor + MEMORY_RULE.slackMiB * MiB;
  const flat = usageEnd.rss <= limit;
  console.log(
    `server memory (VmRSS of ${usageEnd.processes} process${usageEnd.processes === 1 ? '' : 'es'}): start ${mib(usageStart.rss)}, end ${mib(usageEnd.rss)}, peak ${mib(rssPeak)} MiB; ` +
      `${flat ? 'flat' : 'GREW'} (rule: end <= start x ${MEMORY_RULE.factor} + ${MEMORY_RULE.slackMiB} MiB = ${mib(limit)} MiB)${ci ? ', not judged in CI' : ''}`,
  );
  console.log(
    `money: ${ledger.cashSent.size} cash payments sent (${ledger.cashAnswered.size} answered), ${ledger.initiated.size} online payments initiated, ${ledger.paid.size} paid (${ledger.payFailures} refused by the provider); ` +
      `webhooks ${ledger.webhooks.fresh} first deliveries, ${ledger.webhooks.repeated} repeats, ${ledger.webhooks.foreign} for other references; ${late.delivered} delivered after the run`,
  );
  for (const check of checks)
    console.log(`  ${check.problems === 0 ? 'ok  ' : 'FAIL'} ${check.label}: ${check.problems}`);
  if (unsettled > 0) console.log(`  FAIL ${unsettled} paid online payments still not credited 60 s after the run`);
  console.log(
    `server log: ${log.errors} errors, ${log.warnings} warnings${log.sample.length ? `; first: ${log.sample.join(' | ')}` : ''}`,
  );

  const problems = [
    errors > 0 && `${errors} failed requests`,
    late.failed > 0 && `${late.failed} late webhook deliveries refused`,
    ledger.payFailures > 0 && `${ledger.payFailures} payments refused by the provider`,
    checks.some((check) => check.problems > 0) && 'a money check failed',
    unsettled > 0 && 'paid payments left uncredited',
    log.errors > 0 && `${log.errors} errors in the server log`,
    !ci && !flat && 'server memory grew',
  ].filter(Boolean);
  console.log(problems.length === 0 ? '\nload test: ok\n' : `\nload test FAILED: ${problems.join('; ')}\n`);
  if (problems.length > 0) process.exitCode = 1;
}

/* ------------------------------------------------------------------------------------------ */

const payments = new Set<Promise<void>>();
function track(promise: Promise<void>) {
  payments.add(promise);
  const done = () => payments.delete(promise);
  promise.then(done, done);
  return promise;
}

/** The payer's "Pay" on the provider's checkout page (the fake sends no webhook: the mix does). */
async function payAtProvider(paymentUrl: string) {
  const response = await fetch(`${paymentUrl}/pay`, { method: 'POST', redirect: 'manual' });
  await response.arrayBuffer();
  if (response.status >= 400) throw new Error(`the provider refused the payment: ${response.status}`);
}

function shareOf(percent: number) {
  return (RATE * percent) / 100;
}

type PlannedRoute = Route & { rate: number; failures: string[] };
let phaseName = 'warm-up';
/** The first few failures of a route, each with the phase it happened in. */
function noteFailure(failures: string[], what: string) {
  if (failures.length < 3) failures.push(`${phaseName}: ${what}`);
}

/** BENCH_LOAD_ONLY: the routes it names, their shares scaled up to the whole rate. */
function onlyAsked(list: Route[]): Route[] {
  const parts = (process.env.BENCH_LOAD_ONLY ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return list;
  const kept = list.filter((route) => parts.some((part) => route.label.includes(part)));
  if (kept.length === 0) {
    throw new Error(`BENCH_LOAD_ONLY names none of the routes: ${list.map((route) => route.label).join('; ')}`);
  }
  const shares = kept.reduce((sum, route) => sum + route.share, 0);
  return kept.map((route) => ({ ...route, share: (route.share * 100) / shares }));
}

/** Whole requests per second for each route, summing to RATE; a route keeps at least one. */
function planRates(list: Route[]): PlannedRoute[] {
  const shares = list.reduce((sum, route) => sum + route.share, 0);
  if (Math.abs(shares - 100) > 1e-9) throw new Error(`the mix's shares add up to ${shares}%, not 100%`);
  const rates = list.map((route) => Math.max(1, Math.floor(shareOf(route.share))));
  // The requests rounding left out go to the routes that lost the most to it.
  const order = list
    .map((route, index) => ({ index, lost: shareOf(route.share) - rates[index]! }))
    .sort((a, b) => b.lost - a.lost);
  for (let k = 0; rates.reduce((sum, rate) => sum + rate, 0) < RATE; k++) rates[order[k % order.length]!.index]!++;
  return list.map((route, index) => ({ ...route, rate: rates[index]!, failures: [] }));
}

/**
 * Every route at its rate for `seconds`, each paced on its own (paced.ts); their first requests
 * are spread over one interval of the route's pace, so the routes do not all fire at once.
 */
async function phase(name: string, base: string, plan: PlannedRoute[], seconds: number) {
  phaseName = name;
  return Promise.all(
    plan.map((route, index) =>
      paced({
        base,
        request: route.request,
        rate: route.rate,
        connections: Math.min(route.rate, route.connections ?? Math.max(2, Math.ceil(route.rate / 4))),
        seconds,
        startAfterMs: (index * 1000) / route.rate / plan.length,
        // The server's own request timeout: a slow answer shows in the latencies, not as a failure.
        timeoutMs: 30_000,
        onFailure: (what) => noteFailure(route.failures, what),
      }),
    ),
  );
}

const fmt = (ms: number) => ms.toFixed(0).padStart(7);
const mib = (bytes: number) => (bytes / MiB).toFixed(0);

async function freePort() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** The server's output, kept short: its last lines for a failure, and its warnings and errors counted. */
const serverLog = {
  tail: [] as string[],
  errors: 0,
  warnings: 0,
  sample: [] as string[],
  add(line: string) {
    this.tail.push(line);
    if (this.tail.length > 50) this.tail.shift();
    const level = Number(/"level":(\d+)/.exec(line)?.[1] ?? 0);
    if (level >= 50) this.errors++;
    else if (level >= 40) this.warnings++;
    if (level >= 40 && this.sample.length < 3) this.sample.push(line.slice(0, 300));
  },
  summary() {
    return { errors: this.errors, warnings: this.warnings, sample: this.sample };
  },
};

async function startServer() {
  const port = process.env.BENCH_LOAD_PORT ? setting('BENCH_LOAD_PORT', 0) : await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: loadUrl,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_SECRET: appSecret,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    DEMO_PAYMENT_FAKES: 'false',
    RATE_LIMIT_PER_MINUTE: '100000000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
    WEBHOOK_RATE_LIMIT_PER_MINUTE: '100000000',
    ACCESS_TOKEN_TTL_SECONDS: String(WARMUP + SECONDS + 3600),
    PAYSTACK_BASE_URL: fake.url,
    PAYSTACK_SECRET_KEY: providerKey,
    // The bench's pending payments were never made at this provider: reconciling them would fail
    // thousands of old rows mid-run, which is not resumption-day work.
    RECONCILE_INTERVAL_SECONDS: '0',
  };
  // A replica of some other database would answer for the wrong data.
  delete env.DATABASE_READ_URL;
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let pending = '';
  const onData = (chunk: Buffer) => {
    const lines = (pending + chunk.toString('utf8')).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line) serverLog.add(line);
  };
  server.stdout?.on('data', onData);
  server.stderr?.on('data', onData);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    const healthy = await fetch(`${base}/api/v1/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return base;
    await sleep(500);
  }
  throw new Error(`the server did not become healthy on ${base}:\n${serverLog.tail.join('\n')}`);
}

async function stopServer() {
  const child = server;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** Clock ticks per second of /proc's CPU times: 100 on every Linux this runs on. */
const TICKS = 100;

/**
 * The resident memory and CPU time used so far of the server process and of any worker
 * processes it started (node processes only: not the compiler service tsx may start).
 */
function serverUsage() {
  const root = server?.pid;
  if (!root) throw new Error('the server is not running');
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while the list was read.
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  let rss = 0;
  let cpuMs = 0;
  let processes = 0;
  for (const pid of tree) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'node') continue;
      const kib = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      rss += kib * 1024;
      cpuMs += ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
      processes++;
    } catch {
      // Ended meanwhile.
    }
  }
  return { rss, cpuMs, processes };
}

/** The whole machine's busy CPU time so far (every process: the server, PostgreSQL, this generator). */
function machineBusyMs() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user, nice, system, idle, iowait, irq, softirq, steal: all but idle and iowait are work.
  const busy = fields.slice(0, 8).reduce((sum, ticks, index) => (index === 3 || index === 4 ? sum : sum + ticks), 0);
  return (busy * 1000) / TICKS;
}

/**
 * Payments made at the provider whose webhook the run ended before sending (or that the API did
 * not answer): delivered now, as the provider would go on delivering them.
 */
async function notifyTheRest(base: string) {
  while (payments.size > 0) await Promise.allSettled([...payments]);
  let delivered = 0;
  let failed = 0;
  for (const reference of ledger.paid) {
    if (ledger.notified.has(reference)) continue;
    const delivery = paystackDelivery(providerKey, reference, fake.transaction(reference)!.id);
    const response = await fetch(`${base}/api/v1/payment/paystack/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': delivery.signature },
      body: delivery.body,
    });
    await response.arrayBuffer();
    if (response.status === 200) delivered++;
    else failed++;
  }
  return { delivered, failed };
}

/** The API settles a webhook after answering it: waits until every paid payment is credited. */
async function waitForCredits() {
  const paid = `{${[...ledger.paid].join(',')}}`;
  const deadline = Date.now() + 60_000;
  let left = ledger.paid.size;
  while (left > 0 && Date.now() < deadline) {
    const [row] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from payments where reference = any(${paid}::text[]) and status <> 'success'`,
    );
    left = row?.n ?? 0;
    if (left > 0) await sleep(500);
  }
  return left;
}

let failure: unknown;
try {
  await main();
} catch (error) {
  failure = error;
} finally {
  await stopServer();
  await fake.close();
  await database.close();
  await admin.query(`drop database if exists ${loadDb} with (force)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
if (failure) {
  console.error(failure);
  process.exit(1);
}
process.exit(process.exitCode ?? 0);
