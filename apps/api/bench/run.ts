/**
 * `npm run bench`: latency of the API's hot reads on a large school group, against a bare
 * Fastify route and the raw SQL of the same query in the same run, so the ratios mean something
 * on any machine. Budgets are DESIGN.md §6; the run reports them and exits 1 when one is missed.
 *
 * BENCH_STUDENTS (default 50000) and BENCH_SCHOOLS (default 20) size the group; DATABASE_URL
 * runs it on a PostgreSQL server instead of the embedded database.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { pino } from 'pino';
import { buildApp } from '../src/app.js';
import { createContext } from '../src/app-context.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { DEMO_PASSWORD, seedDemoIfEmpty } from '../src/seed/demo.js';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 50_000);
const SCHOOLS = Number(process.env.BENCH_SCHOOLS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);

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
const database = await openDatabase({ url: benchUrl });
const { db } = database;
await seedDemoIfEmpty(db);

const started = performance.now();
await db.execute(sql`
  insert into schools (group_school_id, name, phone_number)
  select (select id from group_schools limit 1), 'Bench School ' || g, '+23480000' || lpad(g::text, 5, '0')
  from generate_series(1, ${Math.max(0, SCHOOLS - 2)}) g`);
await db.execute(sql`
  insert into class_arms (school_id, name, capacity)
  select s.id, level || arm, 5000
  from schools s, unnest(array['JSS 1','JSS 2','JSS 3','SS 1','SS 2','SS 3']) level, unnest(array['A','B']) arm
  where s.name like 'Bench School %'`);
await db.execute(sql`
  with arms as (select id, school_id, row_number() over (order by id) - 1 as n from class_arms),
       total as (select count(*) as c from arms)
  insert into users (school_id, class_arm_id, firstname, lastname, email, roles, reg_no)
  select a.school_id, a.id, 'Bench' || g, 'Student' || (g % 997), 'bench' || g || '@bench.schoolledger.ng',
         array['Student'], 'BEN/' || g
  from generate_series(1, ${STUDENTS}) g
  join arms a on a.n = g % (select c from total)`);
await db.execute(sql`
  insert into student_profiles (user_id, school_id, gender, type, enrolled_at)
  select id, school_id, case when random() < 0.5 then 'Male' else 'Female' end, 'day',
         current_date - (random() * 1500)::int
  from users where email like 'bench%@bench.schoolledger.ng'`);
await db.execute(sql`analyze`);
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

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(label: string, run: (round: number) => Promise<unknown>) {
  for (let round = 0; round < 20; round++) await run(round);
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    await run(round);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { label, p50: percentile(times, 50), p99: percentile(times, 99) };
}

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
];

const bare = results[0]!.p50;
const budgets: Record<string, number> = {
  'GET /students (page 51, all schools)': 50,
  'GET /students?search=Bench123': 50,
  'GET /students (principal, one school)': 50,
  'GET /user/all?role=Student': 50,
  'GET /students/stats (dashboard aggregate)': 150,
};
let missed = 0;
console.log(
  `\nSchoolLedger bench: ${STUDENTS} students in ${SCHOOLS} schools on ${database.driver}, seeded in ${(seededIn / 1000).toFixed(1)} s`,
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
console.log(`memory: rss ${(process.memoryUsage().rss / 1048576).toFixed(0)} MiB\n`);

await app.close();
await database.close();
if (admin) {
  await admin.query(`drop database if exists ${benchDb} with (force)`);
  await admin.end();
}
rmSync(dataDir, { recursive: true, force: true });
process.exit(missed > 0 ? 1 : 0);
