import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { todayIn } from '@schoolledger/domain';
import { type PaystackFake, startPaystackFake } from '@schoolledger/provider-fakes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.js';
import { auditLogs, payments, paymentWebhookEvents, schools, users } from '../src/db/schema.js';
import { defaultTermOf } from '../src/modules/fees/fees.queries.js';
import { paystackSignature } from '../src/modules/providers/paystack.js';
import { seedDemoIfEmpty } from '../src/seed/demo.js';
import { DEMO_PASSWORD, demoEmail, FIRST_SCHOOL } from './helper.js';
import { payOnProviderPage } from './payments-support.js';
import { openStream } from './sse-client.js';
import { createTestDatabase } from './test-databases.js';

const SECRET = 'sk_test_schoolledger_local';
/** The credential routes' limit, small enough to cross in a few requests. */
const AUTH_LIMIT = 8;
const API_DIR = path.resolve(import.meta.dirname, '..');

interface Served {
  base: string;
  child: ChildProcess;
  output: string[];
}

/** A port nothing listens on right now. */
async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `npm start`'s command with one API process on its own port; resolves once it answers its health route. */
async function startServer(env: Record<string, string>): Promise<Served> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', WORKERS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => output.push(String(chunk)));
  child.stderr!.on('data', (chunk) => output.push(String(chunk)));
  const served = { base: `http://127.0.0.1:${port}/api/v1`, child, output };
  const deadline = Date.now() + 110_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped (${child.exitCode}):\n${output.join('')}`);
    const healthy = await fetch(`${served.base}/health`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (healthy) return served;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stopServer(served);
  throw new Error(`the server did not answer in time:\n${output.join('')}`);
}

async function stopServer(served: Served) {
  const { child } = served;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 12_000);
  await exited;
  clearTimeout(killer);
}

/** Our envelope; the routes called here answer flat `data` of strings. */
interface Envelope<Data = Record<string, string>> {
  success: boolean;
  message: string;
  code?: string;
  data: Data;
}

interface Payment {
  _id: string;
  receiptNo: string;
}

async function call(base: string, method: string, route: string, options: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${route}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Envelope };
}

describe.skipIf(!process.env.DATABASE_URL)(
  'two API processes on one PostgreSQL (PostgreSQL only: the embedded database is one process)',
  () => {
    const cleanups: (() => Promise<void>)[] = [];
    let a: Served;
    let b: Served;
    let database: Database;
    let fake: PaystackFake;
    const ids = { school: '', term: '', student: '' };
    const tokens = { admin: '', bursar: '', student: '' };

    beforeAll(async () => {
      const created = await createTestDatabase(process.env.DATABASE_URL!);
      cleanups.push(created.drop);
      // Both processes share one data directory and one secret, as machines behind a balancer would.
      const dataDir = mkdtempSync(path.join(tmpdir(), 'schoolledger-two-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      fake = await startPaystackFake({ secretKey: SECRET });
      cleanups.push(() => fake.close());
      const env = {
        DATABASE_URL: created.url,
        DATA_DIR: dataDir,
        APP_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'warn',
        // The data is loaded below, while the servers start: two processes seeding at once would collide.
        SEED_DEMO: 'false',
        PAYSTACK_SECRET_KEY: SECRET,
        PAYSTACK_BASE_URL: fake.url,
        // Only the webhook may settle the online payment below, not a reconcile pass.
        RECONCILE_INTERVAL_SECONDS: '0',
        AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT),
      };
      // All three migrate the new database at once; the migration lock lets one do it.
      const starting = [startServer(env), startServer(env)];
      // Awaited below, or by the cleanup when the setup fails before that.
      for (const start of starting) start.catch(() => {});
      cleanups.push(async () => {
        const started = await Promise.allSettled(starting);
        for (const result of started) if (result.status === 'fulfilled') await stopServer(result.value);
      });
      database = await openDatabase({ url: created.url });
      cleanups.push(() => database.close());
      await seedDemoIfEmpty(database.db);
      [a, b] = (await Promise.all(starting)) as [Served, Served];

      const [school] = await database.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
      ids.school = school!.id;
      ids.term = (await defaultTermOf(database.db, ids.school, todayIn('Africa/Lagos', new Date())))!;
      const [student] = await database.db
        .select()
        .from(users)
        .where(eq(users.email, demoEmail('student')));
      ids.student = student!.id;
      for (const [who, base] of [
        ['admin', a.base],
        ['bursar', b.base],
        ['student', a.base],
      ] as const) {
        const signedIn = await call(base, 'POST', '/auth/login', {
          body: { email: demoEmail(who), password: DEMO_PASSWORD },
        });
        expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
        tokens[who] = signedIn.body.data.token!;
      }
    });

    // Newest first, each even when an earlier one (or the setup) failed.
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    });

    async function approvedFee(amount: string) {
      const created = await call(a.base, 'POST', '/fee/create', {
        token: tokens.admin,
        body: {
          term_id: ids.term,
          school_id: ids.school,
          name: `Two processes ${randomUUID().slice(0, 8)}`,
          description: 'Test',
          type: 'miscellaneous',
          amount,
          isApproved: true,
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      return created.body.data._id as string;
    }

    const cashTo = (base: string, feeId: string, key: string) =>
      fetch(`${base}/payment/pay-with-cash`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${tokens.bursar}`,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify({ user_id: ids.student, fee_id: feeId, amount: '100' }),
      }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as Envelope<{ payment: Payment }>,
      }));

    const receiptNumber = (receiptNo: string) => {
      expect(receiptNo).toMatch(/^CVC-\d{4}-\d{6}$/);
      return Number(receiptNo.slice(-6));
    };

    let firstReceipt = 0;

    it('one cash payment sent to both processes at once with one Idempotency-Key is recorded once', async () => {
      const feeId = await approvedFee('1000');
      const key = randomUUID();
      const answers = await Promise.all([cashTo(a.base, feeId, key), cashTo(b.base, feeId, key)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const [first, second] = answers.map((answer) => answer.body.data.payment) as [Payment, Payment];
      expect(second._id).toBe(first._id);
      expect(second.receiptNo).toBe(first.receiptNo);
      const rows = await database.db
        .select()
        .from(payments)
        .where(and(eq(payments.feeId, feeId), eq(payments.studentId, ids.student)));
      expect(rows.map((row) => [row.id, row.receiptNo, row.amountKobo])).toEqual([
        [first._id, first.receiptNo, 10_000n],
      ]);
      firstReceipt = receiptNumber(first.receiptNo);
    });

    it("a payment recorded on B reaches the payer's event stream open on A, with the next receipt number", async () => {
      const ticket = await call(a.base, 'POST', '/notification/stream-ticket', { token: tokens.student });
      expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
      const stream = await openStream(
        `${a.base}/notification/stream?ticket=${encodeURIComponent(ticket.body.data.ticket!)}`,
      );
      try {
        expect(stream.status).toBe(200);
        const feeId = await approvedFee('500');
        const paid = await cashTo(b.base, feeId, randomUUID());
        expect(paid.status, JSON.stringify(paid.body)).toBe(200);
        expect(receiptNumber(paid.body.data.payment.receiptNo)).toBe(firstReceipt + 1);

        // The fee's own notice ("New fee") may reach the stream first.
        await expect
          .poll(() => stream.events.map((event) => JSON.parse(event.data)), { timeout: 15_000 })
          .toContainEqual(
            expect.objectContaining({ kind: 'payment_succeeded', metadata: expect.objectContaining({ amount: 100 }) }),
          );
      } finally {
        stream.close();
      }
    });

    it('one provider webhook delivered to both processes at once credits the payment once', async () => {
      const feeId = await approvedFee('2500');
      const initiated = await call(b.base, 'POST', '/payment/initiate', {
        token: tokens.student,
        body: { fee_id: feeId },
      });
      expect(initiated.status, JSON.stringify(initiated.body)).toBe(200);
      const { paymentUrl, reference } = initiated.body.data as { paymentUrl: string; reference: string };
      await payOnProviderPage(paymentUrl);

      const body = JSON.stringify({ event: 'charge.success', data: { id: 7_700_001, reference, status: 'success' } });
      const deliver = (base: string) =>
        fetch(`${base}/payment/paystack/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-paystack-signature': paystackSignature(SECRET, body) },
          body,
        }).then((response) => response.status);
      expect(await Promise.all([deliver(a.base), deliver(b.base)])).toEqual([200, 200]);

      // Settling follows the answer; it asks the provider first, and marks the event processed
      // after the credit commits.
      const settled = async () => {
        const [row] = await database.db.select().from(payments).where(eq(payments.reference, reference));
        return row!;
      };
      const processed = async () =>
        (
          await database.db
            .select({ at: paymentWebhookEvents.processedAt })
            .from(paymentWebhookEvents)
            .where(eq(paymentWebhookEvents.reference, reference))
        ).every((event) => event.at !== null);
      const deadline = Date.now() + 10_000;
      while (((await settled()).status !== 'success' || !(await processed())) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const payment = await settled();
      expect(payment.status).toBe('success');
      const credits = await database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entityId, payment.id), eq(auditLogs.action, 'payment.credit')));
      expect(credits).toHaveLength(1);
      const events = await database.db
        .select()
        .from(paymentWebhookEvents)
        .where(eq(paymentWebhookEvents.reference, reference));
      expect(events).toHaveLength(1);
      expect(events[0]!.processedAt).not.toBeNull();
    });

    it('the credential routes share one budget across both processes', async () => {
      const statuses: number[] = [];
      let refused: Awaited<ReturnType<typeof call>> | undefined;
      for (let i = 0; i < AUTH_LIMIT + 2; i++) {
        const answer = await call(i % 2 === 0 ? a.base : b.base, 'POST', '/auth/refresh', {
          body: { refreshToken: `not-a-token-${i}` },
        });
        statuses.push(answer.status);
        if (answer.status === 429) refused ??= answer;
      }
      expect(statuses).toEqual([...Array(AUTH_LIMIT).fill(401), 429, 429]);
      expect(refused!.body).toEqual({
        success: false,
        message: 'Too many requests. Please wait a moment and try again.',
        data: null,
        code: 'RATE_LIMITED',
      });
      expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused!.headers.get('x-ratelimit-limit')).toBe(String(AUTH_LIMIT));
      expect(refused!.headers.get('x-ratelimit-remaining')).toBe('0');
    });
  },
);
