import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../src/db/schema.js';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from '../src/modules/email/mailer.js';
import { bearer, demoEmail, login, useTestApp } from './helper.js';

const MINUTE = 60_000;

/**
 * A real SMTP server on loopback that refuses a message (451, "try again later") while its
 * recipient has refusals left, and accepts it after.
 */
function startSmtpServer(refusalsFor: Map<string, number>) {
  const received: { to: string; body: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const left = refusalsFor.get(address.address) ?? 0;
      if (left === 0) return callback();
      refusalsFor.set(address.address, left - 1);
      const error = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        for (const to of session.envelope.rcptTo)
          received.push({ to: to.address, body: Buffer.concat(chunks).toString() });
        callback();
      });
    },
  });
  const listening = new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
  });
  return { server, received, listening };
}

describe('email outbox: a failed send is retried with backoff, then marked failed', () => {
  const refusals = new Map<string, number>();
  const smtp = startSmtpServer(refusals);
  let now = new Date('2025-11-12T09:00:00Z');
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  let port = 0;

  beforeAll(async () => {
    port = await smtp.listening;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  });

  // The SMTP address is read when the app is built, after the server above is listening.
  const t = useTestApp({
    clock: () => now,
    env: {
      get SMTP_URL() {
        return `smtp://127.0.0.1:${port}`;
      },
    },
  });

  async function send(to: string) {
    const deliver = await t.ctx.mailer.queue(t.ctx.db, {
      to,
      subject: 'Your fee receipt',
      text: `Hello ${to}`,
      schoolId: null,
    });
    await deliver();
    return row(to);
  }

  async function row(to: string) {
    const [stored] = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
    return stored!;
  }

  async function outboxEntry(to: string) {
    // Signed in afresh: the test clock outruns an access token's 15 minutes.
    const signIn = await login(t, demoEmail('admin'));
    const headers = bearer(signIn.json().data.token);
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/email/outbox', headers });
    expect(response.statusCode, response.body).toBe(200);
    const entry = (response.json().data as { to: string }[]).find((item) => item.to === to);
    expect(entry, `${to} in the outbox`).toBeDefined();
    return entry;
  }

  it('waits 1, then 5 minutes between attempts, and delivers once the server accepts', async () => {
    refusals.set('amaka@example.ng', 2);
    const first = await send('amaka@example.ng');
    expect(first).toMatchObject({ status: 'retrying', attempts: 1, sentAt: null });
    expect(first.lastError).toMatch(/Mailbox busy, try again later/);
    expect(first.nextAttemptAt).toEqual(new Date(now.getTime() + MINUTE));
    expect(await outboxEntry('amaka@example.ng')).toMatchObject({
      status: 'retrying',
      attempts: 1,
      lastError: expect.stringMatching(/451/),
      nextAttemptAt: new Date(now.getTime() + MINUTE).toISOString(),
    });

    // Not due a second before the minute is up.
    advance(MINUTE - 1000);
    expect(await t.ctx.mailer.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect((await row('amaka@example.ng')).attempts).toBe(1);

    advance(1000);
    expect(await t.ctx.mailer.deliverDue()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const second = await row('amaka@example.ng');
    expect(second).toMatchObject({ status: 'retrying', attempts: 2 });
    expect(second.nextAttemptAt).toEqual(new Date(now.getTime() + 5 * MINUTE));

    advance(5 * MINUTE - 1000);
    expect((await t.ctx.mailer.deliverDue()).sent).toBe(0);
    advance(1000);
    expect(await t.ctx.mailer.deliverDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await row('amaka@example.ng')).toMatchObject({
      status: 'sent',
      attempts: 3,
      sentAt: now,
      nextAttemptAt: null,
    });
    expect(smtp.received.filter((mail) => mail.to === 'amaka@example.ng')).toHaveLength(1);
    expect(await outboxEntry('amaka@example.ng')).toMatchObject({ status: 'sent', attempts: 3, nextAttemptAt: null });

    // Delivered emails are never sent again.
    advance(24 * 60 * MINUTE);
    expect(await t.ctx.mailer.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.received.filter((mail) => mail.to === 'amaka@example.ng')).toHaveLength(1);
  });

  it('gives up after 1 min, 5 min, 30 min and 2 h, and shows the failure in the outbox', async () => {
    expect(RETRY_DELAYS_MS).toEqual([MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE]);
    refusals.set('tunde@example.ng', 100);
    const queuedAt = now.getTime();
    await send('tunde@example.ng');
    const attemptTimes = [queuedAt];
    for (const delay of RETRY_DELAYS_MS) {
      const before = await row('tunde@example.ng');
      expect(before.status).toBe('retrying');
      expect(before.nextAttemptAt!.getTime() - now.getTime()).toBe(delay);
      advance(delay);
      await t.ctx.mailer.deliverDue();
      attemptTimes.push(now.getTime());
    }
    expect(attemptTimes.map((time) => (time - queuedAt) / MINUTE)).toEqual([0, 1, 6, 36, 156]);

    const failed = await row('tunde@example.ng');
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, nextAttemptAt: null, sentAt: null });
    expect(MAX_ATTEMPTS).toBe(5);
    expect(await outboxEntry('tunde@example.ng')).toMatchObject({
      status: 'failed',
      attempts: 5,
      lastError: expect.stringMatching(/Mailbox busy, try again later/),
      nextAttemptAt: null,
    });

    // A failed email stays failed: later passes leave it alone.
    refusals.set('tunde@example.ng', 0);
    advance(24 * 60 * MINUTE);
    expect(await t.ctx.mailer.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.received.filter((mail) => mail.to === 'tunde@example.ng')).toHaveLength(0);
  });

  it('sends an email whose first send never happened (the process stopped) once its claim runs out', async () => {
    // Queued but not delivered, as when the server stops between the commit and the send.
    await t.ctx.mailer.queue(t.ctx.db, { to: 'kemi@example.ng', subject: 'Welcome', text: 'Hello' });
    expect(await t.ctx.mailer.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    advance(15 * MINUTE);
    expect(await t.ctx.mailer.deliverDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await row('kemi@example.ng')).toMatchObject({ status: 'sent', attempts: 1 });
    expect(smtp.received.filter((mail) => mail.to === 'kemi@example.ng')).toHaveLength(1);
  });

  it('sends each due email once even when two passes run at the same time', async () => {
    refusals.set('ada@example.ng', 1);
    await send('ada@example.ng');
    advance(MINUTE);
    const passes = await Promise.all([t.ctx.mailer.deliverDue(), t.ctx.mailer.deliverDue()]);
    expect(passes.reduce((sum, pass) => sum + pass.sent, 0)).toBe(1);
    expect(smtp.received.filter((mail) => mail.to === 'ada@example.ng')).toHaveLength(1);
  });
});
