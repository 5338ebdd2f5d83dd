import fc from 'fast-check';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { systemLogs } from '../src/db/schema.js';
import { maskText, safeLogEntry } from '../src/modules/system/log-redaction.js';
import { insertSystemLogs, pruneSystemLogs } from '../src/modules/system/system.queries.js';
import { createSystemLogSink } from '../src/modules/system/system-log-sink.js';
import { useTestApp } from './helper.js';

const alnum = (min: number, max: number) =>
  fc.string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'),
    minLength: min,
    maxLength: max,
  });
const base64url = (min: number, max: number) =>
  fc.string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_'),
    minLength: min,
    maxLength: max,
  });
const hex = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: min, maxLength: max });
const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });

/** What must never reach the log screen, in the shapes the app handles them. */
const secret = fc.oneof(
  fc.emailAddress(),
  fc.tuple(base64url(8, 40), base64url(8, 60), base64url(8, 43)).map(([a, b, c]) => `eyJ${a}.${b}.${c}`),
  fc.tuple(fc.constantFrom('sk_live_', 'sk_test_', 'pk_live_'), alnum(8, 40)).map(([p, k]) => p + k),
  alnum(12, 40).map((k) => `FLWSECK_TEST-${k}`),
  hex(32, 64),
  base64url(32, 64),
  digits(7, 19),
);
const filler = fc.string({ maxLength: 30 });
/** A secret somewhere inside ordinary text, or behind a name like password= or Bearer. */
const planted = fc
  .tuple(filler, fc.constantFrom('', ' ', 'password=', 'token: ', 'Bearer ', 'secret="', 'to '), secret, filler)
  .map(([before, label, value, after]) => ({ text: `${before}${label}${value} ${after}`, value }));

describe('system log redaction', () => {
  it('never keeps a planted email, token, key or long number, wherever it is in the entry', () => {
    fc.assert(
      fc.property(
        planted,
        fc.constantFrom(
          'msg',
          'err.message',
          'err.code',
          'route',
          'module',
          'queue',
          'req.url',
          'body',
          'email',
          'headers',
        ),
        fc.constantFrom(40, 50, 60),
        ({ text, value }, where, level) => {
          const entry: Record<string, unknown> = { level, time: Date.now(), msg: 'something happened', reqId: 'req-1' };
          const [head, tail] = where.split('.');
          if (tail) entry[head!] = { [tail]: head === 'req' ? `/api/v1/x?${text}` : text, name: 'Error' };
          else entry[head!] = text;
          const safe = safeLogEntry(entry);
          expect(safe).not.toBeNull();
          expect(JSON.stringify(safe)).not.toContain(value);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('masks an email behind a long run, and reads a long run with no @ once (no quadratic scan: 200,000 characters would take minutes)', () => {
    const long = `${'q'.repeat(100)}@parent.example.ng`;
    expect(maskText(`from ${long} today`)).not.toMatch(/q|parent\.example/);
    const run = `${'a'.repeat(200_000)} done`;
    expect(maskText(run, 300_000)).toBe('[secret] done');
  });

  it('keeps what an administrator needs to act: level, message, module, error name and code, route', () => {
    const safe = safeLogEntry({
      level: 50,
      time: Date.parse('2026-11-24T09:00:00Z'),
      msg: 'email delivery failed',
      module: 'email',
      err: { type: 'SmtpError', code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 10.0.0.5:587' },
      req: { method: 'POST', url: '/api/v1/email/send?to=ada@example.com', headers: { authorization: 'Bearer x' } },
      reqId: 'req-7',
      user: { email: 'ada@example.com' },
    });
    expect(safe).toEqual({
      level: 'error',
      message: 'email delivery failed',
      createdAt: new Date('2026-11-24T09:00:00Z'),
      context: {
        module: 'email',
        errorName: 'SmtpError',
        errorCode: 'ECONNREFUSED',
        errorMessage: 'connect ECONNREFUSED 10.0.0.5:587',
        method: 'POST',
        route: '/api/v1/email/send',
        requestId: 'req-7',
      },
    });
    expect(safeLogEntry({ level: 30, msg: 'request completed' })).toBeNull();
  });
});

describe('system logs', () => {
  const t = useTestApp();

  it('copies warnings and errors, not info, into the table the ICT administrator reads, filtered and paged', async () => {
    const sink = createSystemLogSink();
    const log = pino({ level: 'info' }, pino.multistream([{ level: 'warn', stream: sink.stream }]));
    sink.attach(t.ctx.db);
    log.info('an ordinary request');
    log.warn({ module: 'payments', provider: 'paystack' }, 'webhook refused: the signature does not match');
    log.error(
      { err: new Error('refund check failed for parent@example.com') },
      'a pending refund could not be checked',
    );
    await sink.flush();

    const ict = await t.as('ict');
    const all = await t.app.inject({ url: '/api/v1/ict-admin/system-logs', headers: ict });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.logs.map((row: { message: string }) => row.message)).toEqual([
      'a pending refund could not be checked',
      'webhook refused: the signature does not match',
    ]);
    expect(all.body).not.toContain('parent@example.com');
    expect(all.json().data.logs[0].context.errorMessage).toBe('refund check failed for [email]');

    const errors = await t.app.inject({
      url: '/api/v1/ict-admin/system-logs?level=warn&search=signature',
      headers: ict,
    });
    expect(errors.statusCode).toBe(200);
    expect(errors.json().data).toMatchObject({
      logs: [{ level: 'warn', context: { module: 'payments', provider: 'paystack' } }],
      pagination: { page: 1, total: 1, totalPages: 1 },
    });

    const paged = await t.app.inject({ url: '/api/v1/ict-admin/system-logs?limit=1&page=2', headers: ict });
    expect(paged.json().data.logs.map((row: { level: string }) => row.level)).toEqual(['warn']);
    expect(paged.json().data.pagination).toEqual({ page: 2, limit: 1, total: 2, totalPages: 2 });

    const future = await t.app.inject({ url: '/api/v1/ict-admin/system-logs?from=2099-01-01', headers: ict });
    expect(future.json().data.logs).toEqual([]);
  });

  it('is closed to everyone but the administrators', async () => {
    const bursar = await t.app.inject({ url: '/api/v1/ict-admin/system-logs', headers: await t.as('bursar') });
    expect(bursar.statusCode).toBe(403);
    expect(bursar.json()).toMatchObject({ success: false, code: 'FORBIDDEN', data: null });
  });

  it('keeps the table bounded: the newest rows of the months it is kept', async () => {
    const now = new Date('2026-11-24T09:00:00Z');
    await t.ctx.db.delete(systemLogs);
    await insertSystemLogs(t.ctx.db, [
      { level: 'warn', message: 'too old', context: {}, createdAt: new Date('2026-10-20T09:00:00Z') },
      ...[1, 2, 3].map((n) => ({
        level: 'error' as const,
        message: `recent ${n}`,
        context: {},
        createdAt: new Date(now.getTime() - n * 60_000),
      })),
    ]);
    expect(await pruneSystemLogs(t.ctx.db, 2, 1, now)).toBe(2);
    const left = await t.ctx.db.select({ message: systemLogs.message }).from(systemLogs);
    expect(left.map((row) => row.message).sort()).toEqual(['recent 1', 'recent 2']);
  });

  it('drops entries quietly when the database is gone, without failing the logger', async () => {
    const sink = createSystemLogSink();
    sink.attach({
      insert: () => {
        throw new Error('database down');
      },
    } as never);
    const log = pino({ level: 'warn' }, pino.multistream([{ level: 'warn', stream: sink.stream }]));
    expect(() => log.warn('the database is unreachable')).not.toThrow();
    await expect(sink.flush()).resolves.toBeUndefined();
  });
});
