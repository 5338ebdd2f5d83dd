/**
 * `npm run bench`: latency of the API's hot reads on a large school group, against a bare
 * Fastify route and the raw SQL of the same query in the same run, so the ratios mean something
 * on any machine. Budgets are DESIGN.md §6; the run reports them and exits 1 when one is missed.
 *
 * BENCH_STUDENTS (default 50000), BENCH_SCHOOLS (default 20) and BENCH_PAYMENTS (default 1000000)
 * size the group; BENCH_CASH (default 2000) is how many cash payments the throughput run records.
 * BENCH_STREAMS (default 1000) is how many event streams one bulk notice fans out to.
 * DATABASE_URL runs it on a PostgreSQL server instead of the embedded database.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { addDays, lastMonthsRange, todayIn } from '@schoolledger/domain';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { pino } from 'pino';
import { buildApp } from '../src/app.js';
import { createContext } from '../src/app-context.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { collectedByMonth, termOverview } from '../src/modules/dashboards/collections.queries.js';
import { defaultTermOf } from '../src/modules/fees/fees.queries.js';
import { reportByStudent } from '../src/modules/fees/outstanding-report.queries.js';
import { runReminders } from '../src/modules/fees/reminders.service.js';
import { signStreamTicket } from '../src/modules/notifications/stream-tickets.js';
import { generateReportRun } from '../src/modules/reports/report-runs.service.js';
import type { Scope } from '../src/plugins/tenancy.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type OpenStream, openStream } from '../test/sse-client.js';
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
// Statements are counted while the reminder run is measured, to show it is set-based.
let counting = false;
let statements = 0;
const database = await openDatabase({
  url: benchUrl,
  onQuery: () => {
    if (counting) statements++;
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
const groupScope: Scope = {
  kind: 'group',
  groupSchoolId: (await rowsOf<{ id: string }>(sql`select id from group_schools limit 1`))[0]!.id,
  schoolIds: (await rowsOf<{ id: string }>(sql`select id from schools`)).map((school) => school.id),
};
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
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    await run(round);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { label, p50: percentile(times, 50), p99: percentile(times, 99) };
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

const results = [
  await measure('bare Fastify route', get('/bench/bare')),
  await measure('raw SQL: one page of students', () =>
    db.execute(sql`
      select u.id, u.firstname, u.lastname from users u join student_profiles p on p.user_id = u.id
      where u.deleted_at is null order by u.lastname, u.firstname limit 10 offset 500`),
  ),
  await measure('GET /students (page 51, all schools)', get('/api/v1/students?page=51', superAdmin)),
  await measure('GET /students?search=Bench123', get('/api/v1/students?search=Bench123', superAdmin)),
  await measure('GET /students (principal, one school)', get('/api/v1/students?page=3', principal)),
  await measure('GET /user/all?role=Student', get('/api/v1/user/all?role=Student&page=20&limit=50', superAdmin)),
  await measure('GET /students/stats (dashboard aggregate)', get('/api/v1/students/stats', superAdmin)),
  await measure('raw SQL: one page of payments (one school)', () =>
    db.execute(sql`
      select p.id, p.amount_kobo, p.status, u.firstname, u.lastname, f.name from payments p
      join users u on u.id = p.student_id join fees f on f.id = p.fee_id
      where p.school_id = ${benchStudent!.school_id} order by p.created_at desc, p.id desc limit 20`),
  ),
  await measure('GET /payment/all (bursar, page 1)', get('/api/v1/payment/all?page=1&limit=20', bursar)),
  await measure('GET /payment/all (bursar, page 500)', get('/api/v1/payment/all?page=500&limit=20', bursar)),
  await measure('GET /payment/all (page 1, all schools)', get('/api/v1/payment/all?page=1&limit=20', superAdmin)),
  await measure('GET /payment/all (page 50, all schools)', get('/api/v1/payment/all?page=50&limit=20', superAdmin)),
  await measure(
    'GET /payment/all (transfer queue, bursar)',
    get('/api/v1/payment/all?method=bank_transfer&status=pending&limit=20', bursar),
  ),
  await measure(
    'GET /payment/all (transfer queue, all)',
    get('/api/v1/payment/all?method=bank_transfer&status=pending&limit=20', superAdmin),
  ),
  await measure('GET /payment/stats (bursar, one school)', get('/api/v1/payment/stats', bursar)),
  await measure('GET /student/fees (bursar)', get(`/api/v1/student/fees?student_id=${benchStudent!.id}`, bursar)),
  await measure('GET /student/fees (the student)', get('/api/v1/student/fees', student)),
  // Dashboards (issue 14), each beside the raw aggregate it is built on.
  await measure('raw SQL: term position of 20 schools', () => termOverview(db, { scope: groupScope, today }, 10)),
  await measure('raw SQL: 12 months collected, group', () =>
    collectedByMonth(db, groupScope, lastMonthsRange(today, 12)),
  ),
  await measure('GET /proprietor/dashboard (20 schools)', get('/api/v1/proprietor/dashboard', proprietor)),
  await measure('GET /admin/dashboard (all schools)', get('/api/v1/admin/dashboard', superAdmin)),
  await measure(
    'GET /admin/financial-overview?period=year',
    get('/api/v1/admin/financial-overview?period=year', superAdmin),
  ),
  await measure('GET /admin/system-overview', get('/api/v1/admin/system-overview', superAdmin)),
  await measure('GET /bursar/dashboard', get('/api/v1/bursar/dashboard', bursar)),
  await measure('GET /principal/dashboard', get('/api/v1/principal/dashboard', benchPrincipal!)),
  await measure('GET /headteacher/dashboard', get('/api/v1/headteacher/dashboard', benchHeadteacher!)),
  await measure('GET /principal/academic-overview', get('/api/v1/principal/academic-overview', benchPrincipal!)),
  await measure('GET /student/academic-summary', get('/api/v1/student/academic-summary', student)),
  await measure('GET /auditor/dashboard', get('/api/v1/auditor/dashboard', benchAuditor!)),
  await measure('GET /student/dashboard', get('/api/v1/student/dashboard', student)),
  await measure('GET /parent/dashboard', get('/api/v1/parent/dashboard', benchParent!)),
  await measure('GET /parent/child/{id}', get(`/api/v1/parent/child/${benchChild!.student_id}`, benchParent!)),
  await measure('GET /parent/payment-history', get('/api/v1/parent/payment-history', benchParent!)),
  await measure('GET /student/payments', get('/api/v1/student/payments', student)),
  await measure('GET /student/outstanding-fees', get('/api/v1/student/outstanding-fees', student)),
  await measure('GET /bursar/payment-reports', get('/api/v1/bursar/payment-reports', bursar)),
  await measure('GET /bursar/outstanding-fees-report', get('/api/v1/bursar/outstanding-fees-report', bursar)),
  await measure('GET /principal/staff-management', get('/api/v1/principal/staff-management', benchPrincipal!)),
  await measure('GET /admin/user-management', get('/api/v1/admin/user-management', superAdmin)),
  await measure('GET /admin/system-activities', get('/api/v1/admin/system-activities?limit=5', superAdmin)),
  await measure('GET /ict-admin/dashboard', get('/api/v1/ict-admin/dashboard', ict)),
  await measure('GET /ict-admin/system-status', get('/api/v1/ict-admin/system-status', ict)),
  await measure('GET /ict-admin/backup-status', get('/api/v1/ict-admin/backup-status', ict)),
  // Reports (issue 15) on the 5,000-student school, for its current term.
  await measure(
    'raw SQL: outstanding per student (5,000)',
    () => reportByStudent(db, { schoolId: largeSchool!.id, termId: largeTerm!, today }),
    REPORT_ROUNDS,
  ),
  await measure(
    'POST /reports/preview outstanding (5,000)',
    post('/api/v1/reports/preview', { report: 'outstanding', filters: {} }, largeBursar),
    REPORT_ROUNDS,
  ),
  await measure(
    'POST /reports/preview collections (term)',
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
const cashPerSecond = await cashThroughput(CASH_REQUESTS);

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

const bare = results[0]!.p50;
const budgets: Record<string, number> = {
  'GET /students (page 51, all schools)': 50,
  'GET /students?search=Bench123': 50,
  'GET /students (principal, one school)': 50,
  'GET /user/all?role=Student': 50,
  'GET /students/stats (dashboard aggregate)': 150,
  'GET /payment/all (bursar, page 1)': 50,
  'GET /payment/all (bursar, page 500)': 50,
  'GET /payment/all (page 1, all schools)': 50,
  'GET /payment/all (page 50, all schools)': 50,
  'GET /payment/all (transfer queue, bursar)': 50,
  'GET /payment/all (transfer queue, all)': 50,
  'GET /payment/stats (bursar, one school)': 150,
  'GET /student/fees (bursar)': 50,
  'GET /student/fees (the student)': 50,
  'GET /proprietor/dashboard (20 schools)': 150,
  'GET /admin/dashboard (all schools)': 150,
  'GET /admin/financial-overview?period=year': 150,
  'GET /admin/system-overview': 150,
  'GET /bursar/dashboard': 150,
  'GET /principal/dashboard': 150,
  'GET /headteacher/dashboard': 150,
  'GET /principal/academic-overview': 150,
  'GET /student/academic-summary': 150,
  'GET /auditor/dashboard': 150,
  'GET /student/dashboard': 150,
  'GET /parent/dashboard': 150,
  'GET /parent/child/{id}': 150,
  'GET /parent/payment-history': 50,
  'GET /student/payments': 50,
  'GET /student/outstanding-fees': 50,
  'GET /bursar/payment-reports': 150,
  'GET /bursar/outstanding-fees-report': 150,
  'GET /principal/staff-management': 150,
  'GET /admin/user-management': 150,
  'GET /admin/system-activities': 150,
  'GET /ict-admin/dashboard': 150,
  'GET /ict-admin/system-status': 150,
  'GET /ict-admin/backup-status': 150,
  'POST /reports/preview outstanding (5,000)': 1000,
  'POST /reports/preview collections (term)': 1000,
};
const CASH_BUDGET = 500;
let missed = 0;
console.log(
  `\nSchoolLedger bench: ${STUDENTS} students, ${PAYMENTS} payments in ${SCHOOLS} schools on ${database.driver}, seeded in ${(seededIn / 1000).toFixed(1)} s`,
);
console.log(`${'request'.padEnd(44)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'x bare'.padStart(8)}  budget`);
for (const result of results) {
  const budget = budgets[result.label];
  const verdict =
    budget === undefined ? '' : result.p99 <= budget ? `p99 <= ${budget} ms ok` : `p99 <= ${budget} ms MISSED`;
  if (budget !== undefined && result.p99 > budget) missed++;
  console.log(
    `${result.label.padEnd(44)} ${result.p50.toFixed(2).padStart(8)} ${result.p99.toFixed(2).padStart(8)} ${(result.p50 / bare).toFixed(1).padStart(8)}  ${verdict}`,
  );
}
const cashVerdict = cashPerSecond >= CASH_BUDGET ? 'ok' : 'MISSED';
if (cashPerSecond < CASH_BUDGET) missed++;
console.log(
  `${`POST /payment/pay-with-cash (${CASH_CONCURRENCY} at a time)`.padEnd(44)} ${cashPerSecond.toFixed(0).padStart(8)} req/s ${''.padStart(8)}  >= ${CASH_BUDGET} req/s ${cashVerdict}`,
);
const FAN_OUT_BUDGET = 1000;
if (fan.p99 > FAN_OUT_BUDGET) missed++;
console.log(
  `${`SSE fan-out to ${fan.people} open streams`.padEnd(44)} ${fan.p50.toFixed(2).padStart(8)} ${fan.p99.toFixed(2).padStart(8)} ${''.padStart(8)}  p99 <= ${FAN_OUT_BUDGET} ms ${fan.p99 <= FAN_OUT_BUDGET ? 'ok' : 'MISSED'}`,
);
console.log(
  `  (commit to receipt; ${fan.people} streams opened in ${fan.connectedIn.toFixed(0)} ms, the bulk request took ${fan.bulkMs.toFixed(0)} ms, slowest receipt ${fan.max.toFixed(0)} ms)`,
);
const remindersVerdict = remindersMs <= REMINDERS_BUDGET_MS ? 'ok' : 'MISSED';
if (remindersMs > REMINDERS_BUDGET_MS) missed++;
console.log(
  `${`reminder run (${reminderRun.created} made, ${reminderRun.sent} sent)`.padEnd(44)} ${(remindersMs / 1000).toFixed(1).padStart(8)} s in ${statements} statements  <= ${REMINDERS_BUDGET_MS / 1000} s ${remindersVerdict}`,
);
for (const file of reportFiles) {
  // Only the 5,000-student outstanding workbook has a budget (issue 15); the others are measured.
  const budgeted = file.label === 'outstanding xlsx';
  const ok = file.ms <= REPORT_FILE_BUDGET_MS && file.growthMb <= REPORT_MEMORY_BUDGET_MB;
  if (budgeted && !ok) missed++;
  console.log(
    `${`report file: ${file.label} (${file.rows} rows, ${(file.size / 1024).toFixed(0)} KiB)`.padEnd(44)} ${(file.ms / 1000).toFixed(2).padStart(8)} s, +${file.growthMb.toFixed(0)} MiB rss${budgeted ? `  <= ${REPORT_FILE_BUDGET_MS / 1000} s, +${REPORT_MEMORY_BUDGET_MB} MiB ${ok ? 'ok' : 'MISSED'}` : ''}`,
  );
}
console.log(`memory: rss ${(process.memoryUsage().rss / 1048576).toFixed(0)} MiB\n`);

await app.close();
await database.close();
if (admin) {
  await admin.query(`drop database if exists ${benchDb} with (force)`);
  await admin.end();
}
rmSync(dataDir, { recursive: true, force: true });
process.exit(missed > 0 ? 1 : 0);
