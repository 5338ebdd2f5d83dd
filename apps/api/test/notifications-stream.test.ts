import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { createContext } from '../src/app-context.js';
import { loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { notifications, users } from '../src/db/schema.js';
import { notify } from '../src/modules/notifications/notifications.service.js';
import { verifyStreamTicket } from '../src/modules/notifications/stream-tickets.js';
import { DEMO_PASSWORD, demoEmail, type TestApp, useTestApp } from './helper.js';
import { approvedFee, loadPaymentIds, payCash } from './payments-support.js';
import { type OpenStream, openStream } from './sse-client.js';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function baseUrlOf(app: App) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;
}

async function ticketOf(app: App, authorization: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/notification/stream-ticket',
    headers: { authorization },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.ticket as string;
}

async function userIdOf(t: TestApp, name: string) {
  const [row] = await t.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoEmail(name)));
  return row!.id;
}

describe('notices reach open event streams', () => {
  const t = useTestApp();
  let base = '';
  const streams: OpenStream[] = [];

  beforeAll(async () => {
    base = await baseUrlOf(t.app);
  });
  afterAll(() => {
    for (const stream of streams) stream.close();
  });

  async function streamOf(name: string, options: { lastEventId?: string; query?: string } = {}) {
    const ticket = await ticketOf(t.app, (await t.as(name)).authorization);
    const stream = await openStream(
      `${base}/notification/stream?ticket=${encodeURIComponent(ticket)}${options.query ?? ''}`,
      options.lastEventId ? { 'last-event-id': options.lastEventId } : {},
    );
    streams.push(stream);
    return stream;
  }

  const send = async (userId: string, title: string, amount?: bigint) =>
    t.ctx.db.transaction((tx) =>
      notify(tx, t.ctx, [userId], {
        kind: 'payment_succeeded',
        type: 'success',
        title,
        message: `${title}: thank you`,
        actionUrl: '/student/fees',
        metadata: amount === undefined ? {} : { amount },
      }),
    );

  // How fast a notice arrives is the bench's to measure (SSE fan-out p99), on a machine kept quiet
  // for it; here it arrives, once and in order, however busy the machine is.
  it('a committed notice arrives as `event: notification` with its seq as id, amounts in naira, once; a rolled-back one never', async () => {
    const studentId = await userIdOf(t, 'student');
    const stream = await streamOf('student');
    expect(stream.status).toBe(200);

    await expect(
      t.ctx.db.transaction(async (tx) => {
        await notify(tx, t.ctx, [studentId], { kind: 'system', type: 'info', title: 'Rolled back', message: 'never' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const delivered = await send(studentId, 'Payment of school fees received', 1_250_050n);

    const [event] = await stream.waitFor(1);
    expect(event!.event).toBe('notification');
    const notice = JSON.parse(event!.data);
    expect(notice).toMatchObject({
      _id: delivered.notifications[0]!.id,
      title: 'Payment of school fees received',
      kind: 'payment_succeeded',
      read: false,
      actionUrl: '/student/fees',
      metadata: { amount: 12500.5 },
    });
    expect(event!.id).toBe(String(notice.seq));

    // A later notice arrives after anything more the first one could have brought: no sleep to guess at.
    await send(studentId, 'Next notice');
    await stream.waitFor(2);
    expect(stream.events.map((each) => JSON.parse(each.data).title)).toEqual([
      'Payment of school fees received',
      'Next notice',
    ]);
  });

  it("a cash payment at the desk reaches the student's open page as her notification list shows it, receipt number and all", async () => {
    const ids = await loadPaymentIds(t);
    expect(await userIdOf(t, 'student')).toBe(ids.student);
    const stream = await streamOf('student');
    const fee = await approvedFee(t, ids.school, ids.term, '1000');
    const payment = await payCash(t, ids.student, fee, '400', 'bursar');

    // The fee's own notice ("New fee") comes first, then the payment's.
    const [assigned, event] = await stream.waitFor(2);
    expect(JSON.parse(assigned!.data).kind).toBe('fee_assigned');
    const pushed = JSON.parse(event!.data);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/notification?limit=1',
      headers: await t.as('student'),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(pushed).toEqual(listed.json().data.notifications[0]);
    expect(pushed).toMatchObject({ kind: 'payment_succeeded', metadata: { amount: 400, paymentId: payment._id } });
    expect(pushed.message).toContain(`Receipt ${payment.receiptNo}.`);
    expect(event!.id).toBe(String(pushed.seq));
  });

  it("another person's stream receives nothing of it", async () => {
    const studentId = await userIdOf(t, 'student');
    const parentStream = await streamOf('parent');
    const studentStream = await streamOf('student');
    await send(studentId, 'For the student only');
    await studentStream.waitFor(1);
    // The parent's own next notice comes after anything of the student's that could have reached them.
    await send(await userIdOf(t, 'parent'), 'For the parent');
    await parentStream.waitFor(1);
    expect(studentStream.events.map((each) => JSON.parse(each.data).title)).toEqual(['For the student only']);
    expect(parentStream.status).toBe(200);
    expect(parentStream.events.map((each) => JSON.parse(each.data).title)).toEqual(['For the parent']);
  });

  it('a stream reopened with Last-Event-ID, or last_event_id with a new ticket, gets exactly what it missed, oldest first', async () => {
    const bursarId = await userIdOf(t, 'bursar');
    const first = await streamOf('bursar');
    await send(bursarId, 'Seen before the drop');
    const [seen] = await first.waitFor(1);
    first.close();

    await send(bursarId, 'Missed one');
    await send(bursarId, 'Missed two');

    const reopened = await streamOf('bursar', { lastEventId: seen!.id });
    const replayed = await reopened.waitFor(2);
    await send(bursarId, 'Live after the replay');
    await reopened.waitFor(3);
    await wait(300);
    const titles = (stream: OpenStream) => stream.events.map((each) => JSON.parse(each.data).title);
    expect(titles(reopened)).toEqual(['Missed one', 'Missed two', 'Live after the replay']);
    expect(Number(replayed[0]!.id)).toBeLessThan(Number(replayed[1]!.id));

    const byQuery = await streamOf('bursar', { query: `&last_event_id=${seen!.id}` });
    await byQuery.waitFor(3);
    await wait(300);
    expect(titles(byQuery)).toEqual(['Missed one', 'Missed two', 'Live after the replay']);
  });

  it('a replay sends at most 200 missed notices, the oldest first', async () => {
    const ictId = await userIdOf(t, 'ict');
    const rows = await t.ctx.db
      .insert(notifications)
      .values(
        Array.from({ length: 205 }, (_, index) => ({
          userId: ictId,
          kind: 'system' as const,
          type: 'info' as const,
          title: `Backlog ${index + 1}`,
          message: 'x',
        })),
      )
      .returning({ seq: notifications.seq });
    const first = Math.min(...rows.map((row) => row.seq));
    const stream = await streamOf('ict', { lastEventId: String(first - 1) });
    await stream.waitFor(200);
    await wait(300);
    expect(stream.events).toHaveLength(200);
    expect(JSON.parse(stream.events[0]!.data).title).toBe('Backlog 1');
    expect(JSON.parse(stream.events[199]!.data).title).toBe('Backlog 200');
    const ids = stream.events.map((event) => Number(event.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('refuses a missing, forged or expired ticket, and an access token as a ticket, with our 401; a ticket is no access token', async () => {
    const { authorization } = await t.as('student');
    const accessToken = authorization.slice('Bearer '.length);
    for (const ticket of ['nonsense', accessToken]) {
      const refused = await openStream(`${base}/notification/stream?ticket=${encodeURIComponent(ticket)}`);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({
        success: false,
        message: 'Session expired. Please login again.',
        data: null,
        code: 'UNAUTHENTICATED',
      });
    }
    const missing = await openStream(`${base}/notification/stream`);
    expect(missing.status).toBe(422);

    const ticket = await ticketOf(t.app, authorization);
    const asBearer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/notification',
      headers: { authorization: `Bearer ${ticket}` },
    });
    expect(asBearer.statusCode).toBe(401);
    expect(await verifyStreamTicket(t.ctx, ticket)).toEqual(
      expect.objectContaining({ userId: await userIdOf(t, 'student') }),
    );
    const aMinuteLater = { ...t.ctx, clock: () => new Date(Date.now() + 61_000) };
    expect(await verifyStreamTicket(aMinuteLater, ticket)).toBeNull();
  });

  it('a ticket stops opening streams once its session is signed out', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: demoEmail('auditor'), password: DEMO_PASSWORD },
    });
    const { token, refreshToken } = login.json().data;
    const ticket = await ticketOf(t.app, `Bearer ${token}`);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${token}` },
      payload: { refreshToken },
    });
    expect(logout.statusCode, logout.body).toBe(200);
    const refused = await openStream(`${base}/notification/stream?ticket=${encodeURIComponent(ticket)}`);
    expect(refused.status).toBe(401);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two processes on one PostgreSQL database', () => {
  const a = useTestApp();
  let second: { app: App; database: Database } | undefined;
  let stream: OpenStream | undefined;
  let baseB = '';

  beforeAll(async () => {
    // The second process opens the same database as the first, with its own pool, LISTEN connection and secret.
    const [row] = (
      (await a.ctx.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }
    ).rows;
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${row!.name}`;
    const database = await openDatabase({ url: url.toString() });
    const config = loadConfig({
      DATA_DIR: a.ctx.config.dataDir,
      LOG_LEVEL: 'silent',
      APP_SECRET: randomBytes(32).toString('hex'),
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    });
    const ctx = createContext({ config, db: database.db, log: pino({ level: 'silent' }) });
    second = { app: await buildApp({ ctx, database }), database };
  });
  afterAll(async () => {
    stream?.close();
    await second?.app.close();
    await second?.database.close();
  });

  it('a notice sent through app A arrives on a stream connected to app B', async () => {
    const { app } = second!;
    baseB = await baseUrlOf(app);
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: demoEmail('student'), password: DEMO_PASSWORD },
    });
    const ticket = await ticketOf(app, `Bearer ${login.json().data.token}`);
    stream = await openStream(`${baseB}/notification/stream?ticket=${encodeURIComponent(ticket)}`);
    expect(stream.status).toBe(200);

    const sent = await a.app.inject({
      method: 'POST',
      url: '/api/v1/notification/system',
      headers: await a.as('admin'),
      payload: { userId: await userIdOf(a, 'student'), title: 'Sent through A', message: 'Read through B' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [event] = await stream.waitFor(1);
    expect(JSON.parse(event!.data)).toMatchObject({
      title: 'Sent through A',
      message: 'Read through B',
      kind: 'system',
    });
  });

  it("when B's LISTEN connection drops, B listens again and its streams reopen to be sent what they missed", async () => {
    const { app, database } = second!;
    const studentId = await userIdOf(a, 'student');
    const lastSeen = stream!.events.at(-1)!.id!;
    // Both processes' LISTEN connections, as a server restart would drop them.
    const { rows: listeners } = (await database.db.execute(sql`
      select pg_terminate_backend(pid) as ended from pg_stat_activity
      where datname = current_database() and query ilike 'listen%'`)) as unknown as { rows: { ended: boolean }[] };
    expect(listeners.map((each) => each.ended)).toEqual([true, true]);
    await wait(100);
    await a.ctx.db.transaction((tx) =>
      notify(tx, a.ctx, [studentId], { kind: 'system', type: 'info', title: 'Sent during the drop', message: 'x' }),
    );

    // Listening again ends the open stream, as a browser's cue to reconnect with Last-Event-ID.
    await stream!.ended;
    expect(stream!.events).toHaveLength(1);
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: demoEmail('student'), password: DEMO_PASSWORD },
    });
    const ticket = await ticketOf(app, `Bearer ${login.json().data.token}`);
    stream = await openStream(`${baseB}/notification/stream?ticket=${encodeURIComponent(ticket)}`, {
      'last-event-id': lastSeen,
    });
    const [missed] = await stream.waitFor(1);
    expect(JSON.parse(missed!.data).title).toBe('Sent during the drop');

    await a.ctx.db.transaction((tx) =>
      notify(tx, a.ctx, [studentId], { kind: 'system', type: 'info', title: 'Live again', message: 'x' }),
    );
    await stream.waitFor(2);
    expect(stream.events.map((each) => JSON.parse(each.data).title)).toEqual(['Sent during the drop', 'Live again']);
  });
});
