import { randomUUID } from 'node:crypto';
import { todayIn } from '@schoolledger/domain';
import { type PaystackFake, startPaystackFake } from '@schoolledger/provider-fakes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, paymentReviews, payments, paymentWebhookEvents, schools, users } from '../src/db/schema.js';
import { defaultTermOf } from '../src/modules/fees/fees.queries.js';
import { runReconcile } from '../src/modules/payments/online/reconcile.job.js';
import { paystackSignature } from '../src/modules/providers/paystack.js';
import { DEMO_PASSWORD, demoEmail, FIRST_SCHOOL, insertUser, useTestApp } from './helper.js';
import { creditsOf, until } from './payments-support.js';

const SECRET = 'sk_test_schoolledger_local';
/** What the fake's /__fake/.../webhook control answers: the HTTP status of each delivery. */
type Resent = { data: { statuses: (number | null)[] } };

describe('online payments through Paystack (local fake)', () => {
  let fake: PaystackFake;
  const env: Record<string, string> = { PAYSTACK_SECRET_KEY: SECRET };
  beforeAll(async () => {
    fake = await startPaystackFake({ secretKey: SECRET });
    env.PAYSTACK_BASE_URL = fake.url;
  });
  const t = useTestApp({ env });
  const ids = { school: '', term: '', student: '' };
  let webhookUrl = '';

  // biome-ignore lint/suspicious/noDuplicateTestHooks: must run after useTestApp's hook has built the app
  beforeAll(async () => {
    // The fake delivers webhooks over real HTTP, so the app listens on a loopback port.
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    webhookUrl = `${address}/api/v1/payment/paystack/webhook`;
    fake.setWebhookUrl(webhookUrl);
    const [school] = await t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
    ids.school = school!.id;
    ids.term = (await defaultTermOf(t.ctx.db, ids.school, todayIn('Africa/Lagos', new Date())))!;
    const [student] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('student')));
    ids.student = student!.id;
  });
  afterAll(async () => {
    await fake?.close();
  });

  async function call(who: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
    return t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: await t.as(who),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  async function approvedFee(overrides: Record<string, unknown> = {}) {
    const response = await call('admin', 'POST', '/fee/create', {
      term_id: ids.term,
      school_id: ids.school,
      name: `Fee ${randomUUID().slice(0, 8)}`,
      description: 'Test',
      type: 'miscellaneous',
      amount: '1000',
      isApproved: true,
      ...overrides,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data._id as string;
  }

  async function initiate(feeId: string, extra: Record<string, unknown> = {}, who = 'student') {
    const response = await call(who, 'POST', '/payment/initiate', { fee_id: feeId, ...extra });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { paymentUrl: string; reference: string; amount: number };
  }

  async function outstandingOf(feeId: string) {
    const response = await call('student', 'GET', '/student/fees');
    expect(response.statusCode, response.body).toBe(200);
    const item = (response.json().data.fees as { fee: { _id: string }; outstanding: number }[]).find(
      (fee) => fee.fee._id === feeId,
    );
    return item!.outstanding;
  }

  async function checkout(paymentUrl: string, action: 'pay' | 'fail' | 'abandon') {
    const page = await fetch(paymentUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`/${action}"`);
    return fetch(`${paymentUrl}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `action=${action}`,
      redirect: 'manual',
    });
  }

  const paymentOf = async (reference: string) =>
    (await t.ctx.db.select().from(payments).where(eq(payments.reference, reference)))[0]!;

  it('happy path: initiate, pay on the hosted checkout, signed webhook credits; outstanding drops', async () => {
    const feeId = await approvedFee({ amount: '1500.50' });
    expect(await outstandingOf(feeId)).toBe(1500.5);
    const { paymentUrl, reference, amount } = await initiate(feeId, { amount: '1500.50' });
    expect(amount).toBe(1500.5);
    expect(paymentUrl.startsWith(`${fake.url}/checkout/`)).toBe(true);
    // The row exists, pending, with the server's amount in kobo, before the payer pays.
    const pending = await paymentOf(reference);
    expect(pending.status).toBe('pending');
    expect(pending.amountKobo).toBe(150050n);
    expect(fake.transaction(reference)!.requestedAmount).toBe(150050);

    const paid = await checkout(paymentUrl, 'pay');
    expect(paid.status).toBe(302);
    const location = new URL(paid.headers.get('location')!);
    expect(location.pathname).toBe('/api/v1/payment/paystack_callback');
    expect(location.searchParams.get('trxref')).toBe(reference);
    expect(location.searchParams.get('reference')).toBe(reference);

    await fake.settled();
    await until(async () => (await paymentOf(reference)).status === 'success');
    const credited = await paymentOf(reference);
    expect(credited.paidAt).not.toBeNull();
    expect(credited.channel).toBe('card');
    expect(credited.providerId).toBe(String(fake.transaction(reference)!.id));
    expect(await outstandingOf(feeId)).toBe(0);
    expect(await creditsOf(t, credited.id)).toBe(1);

    // The payer's browser comes back: verified again, nothing more credited, sent to their fees.
    const back = await t.app.inject({ method: 'GET', url: `${location.pathname}${location.search}` });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`/student/fees?payment=${reference}`);
    expect(await creditsOf(t, credited.id)).toBe(1);

    // Replayed webhook: acknowledged, deduplicated, still one credit.
    const replay = await fetch(`${fake.url}/__fake/transactions/${reference}/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 1 }),
    });
    expect(((await replay.json()) as Resent).data.statuses).toEqual([200]);
    const [event] = await t.ctx.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.reference, reference));
    expect(event!.deliveries).toBe(2);
    expect(event!.schoolId).toBe(credited.schoolId);
    expect(await creditsOf(t, credited.id)).toBe(1);
    expect(await outstandingOf(feeId)).toBe(0);

    // A fully paid fee cannot be started again.
    expect((await call('student', 'POST', '/payment/initiate', { fee_id: feeId })).statusCode).toBe(409);
  });

  it('an invalid signature is refused with 401 and credits nothing', async () => {
    const feeId = await approvedFee();
    fake.setWebhookUrl(undefined);
    try {
      const { paymentUrl, reference } = await initiate(feeId);
      expect((await checkout(paymentUrl, 'pay')).status).toBe(302);
      fake.setWebhookUrl(webhookUrl);
      const bad = await fetch(`${fake.url}/__fake/transactions/${reference}/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ badSignature: true }),
      });
      expect(((await bad.json()) as Resent).data.statuses).toEqual([401]);
      const body = JSON.stringify({ event: 'charge.success', data: { id: 1, reference } });
      const unsigned = await t.app.inject({
        method: 'POST',
        url: '/api/v1/payment/paystack/webhook',
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      expect(unsigned.statusCode).toBe(401);
      // Signed over other bytes than those sent (re-serialised JSON): refused too.
      const reformatted = await t.app.inject({
        method: 'POST',
        url: '/api/v1/payment/paystack/webhook',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': paystackSignature(SECRET, body) },
        payload: `${body} `,
      });
      expect(reformatted.statusCode).toBe(401);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await paymentOf(reference)).status).toBe('pending');
      expect(await outstandingOf(feeId)).toBe(1000);
    } finally {
      fake.setWebhookUrl(webhookUrl);
    }
  });

  it('50 concurrent duplicate webhooks plus the callback credit exactly once', async () => {
    const feeId = await approvedFee({ amount: '1000', isInstallmentAllowed: true, no_ofInstallments: 2 });
    fake.setWebhookUrl(undefined);
    const { paymentUrl, reference } = await initiate(feeId, { amount: 500 });
    expect((await checkout(paymentUrl, 'pay')).status).toBe(302);
    fake.setWebhookUrl(webhookUrl);
    const [storm, back] = await Promise.all([
      fetch(`${fake.url}/__fake/transactions/${reference}/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ count: 50 }),
      }).then((response) => response.json() as Promise<Resent>),
      t.app.inject({
        method: 'GET',
        url: `/api/v1/payment/paystack_callback?trxref=${reference}&reference=${reference}`,
      }),
    ]);
    expect(storm.data.statuses).toEqual(Array.from({ length: 50 }, () => 200));
    expect(back.statusCode).toBe(302);
    await until(async () => (await paymentOf(reference)).status === 'success');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const rows = await t.ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.feeId, feeId), eq(payments.status, 'success')));
    expect(rows).toHaveLength(1);
    expect(await creditsOf(t, rows[0]!.id)).toBe(1);
    expect(await outstandingOf(feeId)).toBe(500);
  });

  it('an amount lower than expected goes to review and is not credited', async () => {
    const feeId = await approvedFee({ amount: '2000' });
    fake.setWebhookUrl(undefined);
    try {
      const { paymentUrl, reference } = await initiate(feeId);
      await fetch(`${fake.url}/__fake/transactions/${reference}/amount`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 100_000 }),
      });
      expect((await checkout(paymentUrl, 'pay')).status).toBe(302);
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/payment/paystack_callback?trxref=${reference}&reference=${reference}`,
      });
      const payment = await paymentOf(reference);
      expect(payment.status).toBe('review');
      const reviews = await t.ctx.db.select().from(paymentReviews).where(eq(paymentReviews.paymentId, payment.id));
      expect(reviews).toHaveLength(1);
      expect(reviews[0]!.expectedKobo).toBe(200000n);
      expect(reviews[0]!.reportedKobo).toBe(100000n);
      expect(await creditsOf(t, payment.id)).toBe(0);
      expect(await outstandingOf(feeId)).toBe(2000);
    } finally {
      fake.setWebhookUrl(webhookUrl);
    }
  });

  it('an abandoned payment stays pending, then the reconciliation job fails it', async () => {
    const feeId = await approvedFee();
    const { paymentUrl, reference } = await initiate(feeId);
    const cancelled = await checkout(paymentUrl, 'abandon');
    expect(cancelled.status).toBe(200);
    expect(fake.transaction(reference)!.status).toBe('abandoned');

    // The scheduled pass, under its advisory lock: too young to give up on, so it stays pending.
    const early = await runReconcile(t.ctx, { olderThanMinutes: 0 });
    expect(early?.checked).toBeGreaterThanOrEqual(1);
    expect((await paymentOf(reference)).status).toBe('pending');

    // A day later the payer has clearly gone: the next pass (the lock was released) fails it.
    const later = { ...t.ctx, clock: () => new Date(Date.now() + 25 * 60 * 60_000) };
    const result = await runReconcile(later);
    expect(result?.failed).toBeGreaterThanOrEqual(1);
    const payment = await paymentOf(reference);
    expect(payment.status).toBe('failed');
    const audits = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, payment.id), eq(auditLogs.action, 'payment.fail')));
    expect(audits).toHaveLength(1);
    expect(await outstandingOf(feeId)).toBe(1000);
  });

  it('refuses amounts the fee does not allow and callers who may not pay for the student', async () => {
    const feeId = await approvedFee();
    const partial = await call('student', 'POST', '/payment/initiate', { fee_id: feeId, amount: 400 });
    expect(partial.statusCode).toBe(422);
    const above = await call('student', 'POST', '/payment/initiate', { fee_id: feeId, amount: 5000 });
    expect(above.statusCode).toBe(422);
    expect(
      (await call('bursar', 'POST', '/payment/initiate', { fee_id: feeId, student_id: ids.student })).statusCode,
    ).toBe(403);

    const stranger = `other-parent-${randomUUID().slice(0, 6)}@example.ng`;
    await insertUser(t, { email: stranger, roles: ['Parent'] });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: stranger, password: DEMO_PASSWORD },
    });
    const token = login.statusCode === 200 ? (login.json().data.token as string) : null;
    expect(token, login.body).not.toBeNull();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/initiate',
      headers: { authorization: `Bearer ${token}` },
      payload: { fee_id: feeId, student_id: ids.student },
    });
    expect(response.statusCode).toBe(404);
  });
});
