/**
 * `npm run bench`: latency of the API's hot reads on a large school group, against a bare
 * Fastify route and the raw SQL of the same query in the same run, so the ratios mean something
 * on any machine. Budgets are DESIGN.md §6; the run reports them and exits 1 when one is missed.
 *
 * BENCH_STUDENTS (default 50000), BENCH_SCHOOLS (default 20) and BENCH_PAYMENTS (default 1000000)
 * size the group; BENCH_CASH (default 2000) is how many cash payments the throughput run records.
 * BENCH_STREAMS (default 1000) is how many event streams one bulk notice fans out to.
 * DATABASE_URL runs it on a PostgreSQL server instead of the embedded database.
 * The budgets table goes to the terminal and bench/budgets.md, and with --write-readme into
 * README.md between its bench:budgets markers.
 */

import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { addDays, todayIn } from '@schoolledger/domain';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { pino } from 'pino';
import { buildApp } from '../src/app.js';
import { createContext } from '../src/app-context.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { defaultTermOf } from '../src/modules/fees/fees.queries.js';
import { runReminders } from '../src/modules/fees/reminders.service.js';
import { signStreamTicket } from '../src/modules/notifications/stream-tickets.js';
import { generateReportRun } from '../src/modules/reports/report-runs.service.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type OpenStream, openStream } from '../test/sse-client.js';
import { type BudgetRow, budgetTable, ms, writeReadmeRegion } from './budget-table.js';
import { seedBenchDataset } from './dataset.js';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 50_000);
const SCHOOLS = Number(process.env.BENCH_SCHOOLS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 1_000_000);
const CASH_REQUESTS = Number(process.env.BENCH_CASH ?? 2000);
const CASH_CONCURRENCY = 16;
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const LARGE_SCHOOL_STUDENTS = 5000;
/** Reports take up to a second each: fewer rounds keep the bench in minutes. */
const REPORT_ROUNDS = 20;

const dataDir = mkdtempSync(path.join(tmpdir(), 'schoolledger-bench-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  APP_SECRET: randomBytes(32).toString('hex'),
  RATE_LIMIT_PER_MINUTE: '100000000',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
  // The bench signs in once and measures for longer than an access token's default 15 minutes.
  ACCESS_TOKEN_TTL_SECONDS: '86400',
});
// On a server, the bench works in a database of its own and drops it afterwards.
const serverUrl = process.env.DATABASE_URL;
const benchDb = `bench_${randomBytes(4).toString('hex')}`;
const admin = serverUrl ? new pg.Client({ connectionString: serverUrl }) : null;
if (admin) {
  await admin.connect();
  await admin.query(`create database ${benchDb}`);
}
const benchUrl = serverUrl ? Object.assign(new URL(serverUrl), { pathname: `/${benchDb}` }).toString() : undefined;
// Statements are counted while the reminder run is measured, to show it is set-based, and kept
// while one request of each measured route runs, to replay its main query alone.
let counting = false;
let statements = 0;
let kept: { query: string; params: unknown[] }[] | null = null;
const database = await openDatabase({
  url: benchUrl,
  onQuery: (query, params) => {
    if (counting) statements++;
    kept?.push({ query, params });
  },
});
const { db } = database;
const started = performance.now();
await seedBenchDataset(db, {
  schools: SCHOOLS,
  students: STUDENTS,
  payments: PAYMENTS,
  largeSchoolStudents: LARGE_SCHOOL_STUDENTS,
});
const seededIn = performance.now() - started;

const ctx = createContext({ config, db, log: pino({ level: 'silent' }) });
const app = await buildApp({ ctx, database });
app.get('/bench/bare', async () => ({ success: true, message: 'ok', data: null }));
await app.ready();

async function tokenOf(email: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  return `Bearer ${response.json().data.token}`;
}
const superAdmin = await tokenOf('admin@demo.schoolledger.ng');
const principal = await tokenOf('principal@demo.schoolledger.ng');
const bursar = await tokenOf('bursar@bench-staff.schoolledger.ng');
const rowsOf = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const [benchStudent] = await rowsOf<{ id: string; email: string; school_id: string }>(sql`
  select id, email, school_id from users where email like 'bench%@bench.schoolledger.ng' and password_hash is not null`);
const student = await tokenOf(benchStudent!.email);
const [benchPrincipal, benchHeadteacher, benchAuditor, benchParent, proprietor] = await Promise.all(
  ['principal', 'headteacher', 'auditor', 'parent']
    .map((role) => tokenOf(`${role}@bench-staff.schoolledger.ng`))
    .concat(tokenOf('proprietor@demo.schoolledger.ng')),
);
const today = todayIn();
const ict = await tokenOf('ict@demo.schoolledger.ng');
const largeBursar = await tokenOf('bursar@bench-large.schoolledger.ng');
const [largeSchool] = await rowsOf<{ id: string }>(sql`select id from schools where name = 'Bench Large School'`);
const largeTerm = await defaultTermOf(db, largeSchool!.id, today);
const [benchChild] = await rowsOf<{ student_id: string }>(sql`
  select student_id from parent_students
  where parent_id = (select id from users where email = 'parent@bench-staff.schoolledger.ng') limit 1`);
// What the cash desk takes: ₦1 from students of the bench school on this term's fee, which they all owe.
const owing = await rowsOf<{ student_id: string; fee_id: string }>(sql`
  select u.id as student_id, f.id as fee_id
  from users u
  join lateral (
    select f.id from fees f join terms t on t.id = f.term_id
    where f.school_id = u.school_id and f.name = 'Bench tuition' and t.start_date <= current_date
    order by t.start_date desc limit 1) f on true
  where u.email like 'bench%@bench.schoolledger.ng' and u.school_id = ${benchStudent!.school_id}
  order by u.id limit 500`);

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(label: string, run: (round: number) => Promise<unknown>, rounds = ROUNDS) {
  for (let round = 0; round < Math.min(20, rounds); round++) await run(round);
  const times: number[] = [];
  // This process's CPU time does not grow when other work shares the cores, as wall time does.
  const cpu = process.cpuUsage();
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    await run(round);
    times.push(performance.now() - start);
  }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  return {
    label,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    cpuMs: (used.user + used.system) / 1000 / rounds,
  };
}

const post = (url: string, payload: object, authorization: string) => async () => {
  const response = await app.inject({ method: 'POST', url, payload, headers: { authorization } });
  if (response.statusCode !== 200)
    throw new Error(`${url} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
};

const get = (url: string, authorization?: string) => async () => {
  const response = await app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
  if (response.statusCode !== 200)
    throw new Error(`${url} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
};

/** The driver under drizzle: a main query replayed through it is the raw SQL, without the app. */
const driver = (db as unknown as { $client: { query(text: string, params: unknown[]): Promise<unknown> } }).$client;
const isRead = (query: string) =>
  /^\s*(select|with)\b/i.test(query) && !/\b(insert\s+into|update\s+\S+\s+set|delete\s+from)\b/i.test(query);

/**
 * The statements one run of a request makes, and its main query: the read the database takes
 * longest over, replayed alone through the driver with the same parameters for as many rounds.
 */
async function rawSqlOf(run: () => Promise<unknown>, rounds: number) {
  kept = [];
  await run();
  const ran = kept;
  kept = null;
  let main: (typeof ran)[number] | undefined;
  let slowest = -1;
  for (const statement of ran.filter((candidate) => isRead(candidate.query))) {
    const times: number[] = [];
    for (let round = 0; round < 3; round++) {
      const start = performance.now();
      await driver.query(statement.query, statement.params);
      times.push(performance.now() - start);
    }
    const median = times.sort((a, b) => a - b)[1]!;
    if (median > slowest) [slowest, main] = [median, statement];
  }
  const raw = main ? await measure('raw SQL', () => driver.query(main.query, main.params), rounds) : undefined;
  return { statementCount: ran.length, raw };
}

/** A request with its DESIGN.md §6 budget (p99, ms), measured with the raw SQL of its main query. */
async function timed(label: string, budgetMs: number, run: () => Promise<unknown>, rounds = ROUNDS) {
  const result = await measure(label, run, rounds);
  const { statementCount, raw } = await rawSqlOf(run, rounds);
  return { ...result, budgetMs, statementCount, raw, load: loadavg()[0]! };
}

// A page deep in the all-schools list, reached by its cursor as the web reaches it past the count's cap.
const deepPage = await app.inject({
  method: 'GET',
  url: '/api/v1/payment/all?page=500&limit=20',
  headers: { authorization: superAdmin },
});
const deepCursor = deepPage.json().data.pagination.nextCursor as string;

const loadAtStart = loadavg()[0]!;
const bare = await measure('bare Fastify route', get('/bench/bare'));
const results = [
  await timed('GET /students (page 51, all schools)', 50, get('/api/v1/students?page=51', superAdmin)),
  await timed('GET /students?search=Bench123', 50, get('/api/v1/students?search=Bench123', superAdmin)),
  await timed('GET /students (principal, one school)', 50, get('/api/v1/students?page=3', principal)),
  await timed('GET /user/all?role=Student', 50, get('/api/v1/user/all?role=Student&page=20&limit=50', superAdmin)),
  await timed('GET /students/stats (dashboard aggregate)', 150, get('/api/v1/students/stats', superAdmin)),
  await timed('GET /payment/all (bursar, page 1)', 50, get('/api/v1/payment/all?page=1&limit=20', bursar)),
  await timed('GET /payment/all (bursar, page 500)', 50, get('/api/v1/payment/all?page=500&limit=20', bursar)),
  await timed('GET /payment/all (page 1, all schools)', 50, get('/api/v1/payment/all?page=1&limit=20', superAdmin)),
  await timed('GET /payment/all (page 50, all schools)', 50, get('/api/v1/payment/all?page=50&limit=20', superAdmin)),
  await timed(
    'GET /payment/all (page 501 by cursor, all schools)',
    50,
    get(`/api/v1/payment/all?limit=20&cursor=${deepCursor}`, superAdmin),
  ),
  await timed(
    'GET /payment/all (transfer queue, bursar)',
    50,
    get('/api/v1/payment/all?method=bank_transfer&status=pending&limit=20', bursar),
  ),
  await timed(
    'GET /payment/all (transfer queue, all)',
    50,
    get('/api/v1/payment/all?method=bank_transfer&status=pending&limit=20', superAdmin),
  ),
  await timed('GET /payment/stats (bursar, one school)', 150, get('/api/v1/payment/stats', bursar)),
  await timed('GET /student/fees (bursar)', 50, get(`/api/v1/student/fees?student_id=${benchStudent!.id}`, bursar)),
  await timed('GET /student/fees (the student)', 50, get('/api/v1/student/fees', student)),
  // Dashboards (issue 14).
  await timed('GET /proprietor/dashboard (20 schools)', 150, get('/api/v1/proprietor/dashboard', proprietor)),
  await timed('GET /admin/dashboard (all schools)', 150, get('/api/v1/admin/dashboard', superAdmin)),
  await timed(
    'GET /admin/financial-overview?period=year',
    150,
    get('/api/v1/admin/financial-overview?period=year', superAdmin),
  ),
  await timed('GET /admin/system-overview', 150, get('/api/v1/admin/system-overview', superAdmin)),
  await timed('GET /bursar/dashboard', 150, get('/api/v1/bursar/dashboard', bursar)),
  await timed('GET /principal/dashboard', 150, get('/api/v1/principal/dashboard', benchPrincipal!)),
  await timed('GET /headteacher/dashboard', 150, get('/api/v1/headteacher/dashboard', benchHeadteacher!)),
  await timed('GET /principal/academic-overview', 150, get('/api/v1/principal/academic-overview', benchPrincipal!)),
  await timed('GET /student/academic-summary', 150, get('/api/v1/student/academic-summary', student)),
  await timed('GET /auditor/dashboard', 150, get('/api/v1/auditor/dashboard', benchAuditor!)),
  await timed('GET /student/dashboard', 150, get('/api/v1/student/dashboard', student)),
  await timed('GET /parent/dashboard', 150, get('/api/v1/parent/dashboard', benchParent!)),
  await timed('GET /parent/child/{id}', 150, get(`/api/v1/parent/child/${benchChild!.student_id}`, benchParent!)),
  await timed('GET /parent/payment-history', 50, get('/api/v1/parent/payment-history', benchParent!)),
  await timed('GET /student/payments', 50, get('/api/v1/student/payments', student)),
  await timed('GET /student/outstanding-fees', 50, get('/api/v1/student/outstanding-fees', student)),
  await timed('GET /bursar/payment-reports', 150, get('/api/v1/bursar/payment-reports', bursar)),
  await timed('GET /bursar/outstanding-fees-report', 150, get('/api/v1/bursar/outstanding-fees-report', bursar)),
  await timed('GET /principal/staff-management', 150, get('/api/v1/principal/staff-management', benchPrincipal!)),
  await timed('GET /admin/user-management', 150, get('/api/v1/admin/user-management', superAdmin)),
  await timed('GET /admin/system-activities', 150, get('/api/v1/admin/system-activities?limit=5', superAdmin)),
  await timed('GET /ict-admin/dashboard', 150, get('/api/v1/ict-admin/dashboard', ict)),
  await timed('GET /ict-admin/system-status', 150, get('/api/v1/ict-admin/system-status', ict)),
  await timed('GET /ict-admin/backup-status', 150, get('/api/v1/ict-admin/backup-status', ict)),
  // Reports (issue 15) on the 5,000-student school, for its current term.
  await timed(
    'POST /reports/preview outstanding (5,000)',
    1000,
    post('/api/v1/reports/preview', { report: 'outstanding', filters: {} }, largeBursar),
    REPORT_ROUNDS,
  ),
  await timed(
    'POST /reports/preview collections (term)',
    1000,
    post('/api/v1/reports/preview', { report: 'collections', filters: { termId: largeTerm } }, largeBursar),
    REPORT_ROUNDS,
  ),
];

/**
 * One report file made as the job runner makes it, timed, with the process's resident memory
 * sampled meanwhile: the growth is the peak over what the process held before.
 */
async function reportFile(report: string, format: string, filters: object, authorization: string) {
  const queued = await app.inject({
    method: 'POST',
    url: '/api/v1/reports/runs',
    payload: { report, format, filters },
    headers: { authorization },
  });
  if (queued.statusCode !== 202) throw new Error(`reports/runs answered ${queued.statusCode}: ${queued.body}`);
  const runId = queued.json().data.id as string;
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const start = performance.now();
  await generateReportRun(ctx, runId);
  const ms = performance.now() - start;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const [run] = await rowsOf<{ status: string; rows: number; size: number }>(
    sql`select status, rows, size from report_runs where id = ${runId}`,
  );
  if (run?.status !== 'ready') throw new Error(`the ${report} ${format} run ended ${run?.status}`);
  return { label: `${report} ${format}`, ms, growthMb: (peak - before) / 1048576, rows: run.rows, size: run.size };
}
const REPORT_FILE_BUDGET_MS = 3000;
const REPORT_MEMORY_BUDGET_MB = 200;
const reportFiles = [
  await reportFile('outstanding', 'xlsx', {}, largeBursar),
  await reportFile('outstanding', 'pdf', {}, largeBursar),
  await reportFile('payments', 'xlsx', { from: addDays(today, -182), to: today }, bursar),
];

/** Cash at the desk: distinct Idempotency-Keys, CASH_CONCURRENCY requests in flight at a time. */
async function cashThroughput(requests: number) {
  let next = 0;
  const desk = async () => {
    while (next < requests) {
      const target = owing[next++ % owing.length]!;
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/payment/pay-with-cash',
        headers: { authorization: bursar, 'idempotency-key': randomUUID() },
        payload: { user_id: target.student_id, fee_id: target.fee_id, amount: 1 },
      });
      if (response.statusCode !== 200)
        throw new Error(`pay-with-cash answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: CASH_CONCURRENCY }, desk));
  return requests / ((performance.now() - start) / 1000);
}
await cashThroughput(Math.min(100, CASH_REQUESTS));
const cashCpu = process.cpuUsage();
const cashPerSecond = await cashThroughput(CASH_REQUESTS);
const cashCpuUsed = process.cpuUsage(cashCpu);

/**
 * Real time: STREAMS people of one school each hold an event stream open over HTTP on this
 * process; one bulk notice to the school reaches them all. Measured from the commit (the bulk
 * request's answer, which comes after it) to each stream's receipt of its event.
 */
async function fanOut() {
  const [school] = await rowsOf<{ id: string }>(sql`
    insert into schools (group_school_id, name, phone_number)
    values ((select id from group_schools limit 1), 'Bench Notices School', '+2348099999999')
    returning id`);
  const people = await rowsOf<{ id: string }>(sql`
    insert into users (school_id, firstname, lastname, email, roles)
    select ${school!.id}::uuid, 'Listener', 'No' || g,
           'listener' || g || '@bench-notices.schoolledger.ng', array['Parent']
    from generate_series(1, ${STREAMS}) g
    returning id`);
  // Signed-in sessions without a thousand password checks: a live refresh-token family each.
  const families = await rowsOf<{ user_id: string; family_id: string }>(sql`
    insert into refresh_tokens (user_id, family_id, token_hash, expires_at)
    select id, gen_random_uuid(), 'bench-' || id, now() + interval '1 day'
    from users where email like 'listener%@bench-notices.schoolledger.ng'
    returning user_id, family_id`);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const streams: OpenStream[] = [];
  const connectStart = performance.now();
  for (let start = 0; start < families.length; start += 100) {
    streams.push(
      ...(await Promise.all(
        families.slice(start, start + 100).map(async (family) => {
          const { ticket } = await signStreamTicket(ctx, { userId: family.user_id, familyId: family.family_id });
          return openStream(`${address}/api/v1/notification/stream?ticket=${encodeURIComponent(ticket)}`);
        }),
      )),
    );
  }
  const connectedIn = performance.now() - connectStart;
  const refused = streams.filter((stream) => stream.status !== 200).length;
  if (refused > 0) throw new Error(`${refused} streams were refused`);

  const sendStart = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/notification/bulk',
    headers: { authorization: superAdmin },
    payload: { title: 'Bench notice', message: 'One notice to every open stream', schoolId: school!.id },
  });
  const committed = performance.now();
  if (response.statusCode !== 200)
    throw new Error(`bulk answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
  const events = await Promise.all(streams.map(async (stream) => (await stream.waitFor(1, 10_000))[0]!));
  const latencies = events.map((event) => Math.max(0, event.receivedAt - committed)).sort((a, b) => a - b);
  for (const stream of streams) stream.close();
  return {
    people: people.length,
    connectedIn,
    bulkMs: committed - sendStart,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1)!,
  };
}
const fan = await fanOut();
// Payment reminders (SPEC §9): the hourly run over the whole group, every stage reached today.
counting = true;
const remindersStarted = performance.now();
const reminderRun = await runReminders(ctx, { now: new Date() });
const remindersMs = performance.now() - remindersStarted;
counting = false;
const REMINDERS_BUDGET_MS = 60_000;

const loadAtEnd = loadavg()[0]!;
const cores = cpus().length;
const CASH_BUDGET = 250;
const FAN_OUT_BUDGET = 1000;
/**
 * What a person knows of a budget missed on the quiet machine, shown as a footnote to the miss;
 * the bench states its own reasons (the raw SQL's share, the machine's load) beside it.
 */
const NOTES: Record<string, string> = {
  'POST /payment/pay-with-cash':
    "a payment costs about 18 ms of CPU (7–8 in the API, the CPU column; about 9.5 in PostgreSQL and the system), so 250 a second needs about 4.5 cores: alone on a real server with 2 workers (`BENCH_LOAD_ONLY=pay-with-cash npm run bench:load`) this machine took 110 a second with both cores saturated. In the bench's one process the event loop is the limit first, and all its desks pay into one school, whose receipt counter, day's summaries and audit chain each payment holds from its receipt number to its commit (docs/scaling.md, the cash desk).",
};

/** The bench's own reasons for a miss: the raw SQL's share of it, and a machine busier than its cores. */
function whyMissed(p99: number, budgetMs: number, raw: { p99: number } | undefined, load: number) {
  const reasons: string[] = [];
  if (raw && raw.p99 >= budgetMs) reasons.push(`raw SQL alone takes p99 ${ms(raw.p99)}`);
  else if (raw) reasons.push(`raw SQL p99 ${ms(raw.p99)} of ${ms(p99)}`);
  if (load > cores) reasons.push(`load ${load.toFixed(1)} on ${cores} cores`);
  return reasons.join('; ');
}

const requestRows: BudgetRow[] = results.map((result) => ({
  what: result.label,
  budget: `p99 ≤ ${result.budgetMs} ms`,
  measured: `p50 ${ms(result.p50)}, p99 ${ms(result.p99)}`,
  cpuMs: result.cpuMs,
  xBare: result.p50 / bare.p50,
  p50: result.p50,
  rawSql: result.raw,
  statements: result.statementCount,
  met: result.p99 <= result.budgetMs,
  why: whyMissed(result.p99, result.budgetMs, result.raw, result.load),
  note: NOTES[result.label],
}));
const count = (value: number) => value.toLocaleString('en-GB');
const outstandingXlsx = reportFiles.find((file) => file.label === 'outstanding xlsx')!;
const loadReason = (load: number) => (load > cores ? `load ${load.toFixed(1)} on ${cores} cores` : undefined);
const rows: BudgetRow[] = [
  ...requestRows,
  {
    what: 'POST /payment/pay-with-cash',
    budget: `≥ ${CASH_BUDGET} req/s, ${CASH_CONCURRENCY} at a time`,
    measured: `${cashPerSecond.toFixed(0)} req/s (p99 not measured)`,
    cpuMs: (cashCpuUsed.user + cashCpuUsed.system) / 1000 / CASH_REQUESTS,
    met: cashPerSecond >= CASH_BUDGET,
    why: loadReason(loadAtEnd),
    note: NOTES['POST /payment/pay-with-cash'],
  },
  {
    what: `outstanding report as Excel (${count(outstandingXlsx.rows)} rows)`,
    budget: `≤ ${REPORT_FILE_BUDGET_MS / 1000} s, +${REPORT_MEMORY_BUDGET_MB} MiB`,
    measured: `${(outstandingXlsx.ms / 1000).toFixed(2)} s, +${outstandingXlsx.growthMb.toFixed(0)} MiB`,
    met: outstandingXlsx.ms <= REPORT_FILE_BUDGET_MS && outstandingXlsx.growthMb <= REPORT_MEMORY_BUDGET_MB,
    why: loadReason(loadAtEnd),
  },
  {
    what: `reminder run over the group (${count(reminderRun.created)} reminders)`,
    budget: `≤ ${REMINDERS_BUDGET_MS / 1000} s`,
    measured: `${(remindersMs / 1000).toFixed(1)} s`,
    statements,
    met: remindersMs <= REMINDERS_BUDGET_MS,
    // The run is set-based, so its time follows the reminders it writes; say what each one costs.
    why: [
      `${(remindersMs / Math.max(1, reminderRun.created)).toFixed(2)} ms a reminder, ${(REMINDERS_BUDGET_MS / Math.max(1, reminderRun.created)).toFixed(2)} ms allowed at this count`,
      loadReason(loadAtEnd),
    ]
      .filter(Boolean)
      .join('; '),
  },
  {
    what: `SSE fan-out to ${count(fan.people)} streams, commit to receipt`,
    budget: `p99 ≤ ${FAN_OUT_BUDGET} ms`,
    measured: `p50 ${ms(fan.p50)}, p99 ${ms(fan.p99)}`,
    met: fan.p99 <= FAN_OUT_BUDGET,
    why: loadReason(loadAtEnd),
  },
];

const [version] = await rowsOf<{ server_version: string }>(sql`show server_version`);
const commit = (() => {
  try {
    return execFileSync('git', ['describe', '--always', '--dirty'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();
// One sentence a line: Markdown joins them into a paragraph, the terminal shows them as they are.
const intro = [
  `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC at commit ${commit}.`,
  `Data: ${count(STUDENTS)} students and ${count(PAYMENTS)} payments in ${SCHOOLS} schools, and a school of ${count(LARGE_SCHOOL_STUDENTS)} students for the reports.`,
  `Database: ${database.driver === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded PostgreSQL)'} ${version!.server_version.split(' ')[0]}.`,
  `Machine: ${cores} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, load average ${loadAtStart.toFixed(1)} when measuring began and ${loadAtEnd.toFixed(1)} when it ended (above ${cores}, other work shared the cores and wall times grow).`,
  `p50 and p99 are of ${ROUNDS} requests (${REPORT_ROUNDS} for the reports) after a warm-up.`,
  `CPU is this process's CPU time per request (${database.driver === 'postgres' ? "the server's is not in it" : 'the embedded database runs in it too'}), which other work on the machine does not inflate.`,
  `× bare route is the row's p50 over the p50 of a bare Fastify route (${ms(bare.p50)}).`,
  "× raw SQL is the row's p50 over the p50 of its main query (the read the database took longest over, replayed alone through the driver with the same parameters), shown in brackets; statements are what one request ran.",
  'The web bundle budget is checked by `npm run build`, the first start and the load test outside the bench.',
].join('\n');
const table = budgetTable(rows);
const missed = rows.filter((row) => !row.met).length;

console.log(`\nSchoolLedger bench, seeded in ${(seededIn / 1000).toFixed(1)} s\n\n${intro}\n\n${table}\n`);
console.log(
  `SSE: ${fan.people} streams opened in ${fan.connectedIn.toFixed(0)} ms, the bulk request took ${fan.bulkMs.toFixed(0)} ms, slowest receipt ${fan.max.toFixed(0)} ms`,
);
for (const file of reportFiles.filter((file) => file !== outstandingXlsx)) {
  console.log(
    `report file without a budget: ${file.label} (${file.rows} rows, ${(file.size / 1024).toFixed(0)} KiB) ${(file.ms / 1000).toFixed(2)} s, +${file.growthMb.toFixed(0)} MiB rss`,
  );
}
console.log(`memory: rss ${(process.memoryUsage().rss / 1048576).toFixed(0)} MiB`);
console.log(`${missed} of ${rows.length} budgets missed`);

const budgetsFile = fileURLToPath(new URL('./budgets.md', import.meta.url));
writeFileSync(budgetsFile, `# Budgets (DESIGN.md §6)\n\n${intro}\n\n${table}\n`);
console.log(`wrote ${budgetsFile}`);
if (process.argv.includes('--write-readme')) {
  const readme = fileURLToPath(new URL('../../../README.md', import.meta.url));
  writeReadmeRegion(readme, `${intro}\n\n${table}`);
  console.log(`wrote the budgets into ${readme}`);
}

await app.close();
await database.close();
if (admin) {
  await admin.query(`drop database if exists ${benchDb} with (force)`);
  await admin.end();
}
rmSync(dataDir, { recursive: true, force: true });
process.exit(missed > 0 ? 1 : 0);
