import { randomUUID } from 'node:crypto';
import { todayIn } from '@schoolledger/domain';
import { type FlutterwaveFake, startFlutterwaveFake } from '@schoolledger/provider-fakes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentReviews, payments, paymentWebhookEvents, schools } from '../src/db/schema.js';
import { defaultTermOf } from '../src/modules/fees/fees.queries.js';
import { bearer, FIRST_SCHOOL, insertUser, login, SECOND_SCHOOL, useTestApp } from './helper.js';
import { creditsOf, processedEventsOf, until } from './payments-support.js';

const SECRET = 'FLWSECK_TEST-schoolledger00000000000000-X';
const HASH = 'schoolledger-local-hash';
type Resent = { data: { statuses: (number | null)[] } };

describe('online payments through Flutterwave (local fake)', () => {
  let fake: FlutterwaveFake;
  const env: Record<string, string> = { FLUTTERWAVE_SECRET_KEY: SECRET, FLUTTERWAVE_SECRET_HASH: HASH };
  beforeAll(async () => {
    fake = await startFlutterwaveFake({ secretKey: SECRET, secretHash: HASH });
    env.FLUTTERWAVE_BASE_URL = fake.baseUrl;
  });
  const t = useTestApp({ env });
  const ids = { school: '', term: '' };
  let webhookUrl = '';

  // biome-ignore lint/suspicious/noDuplicateTestHooks: must run after useTestApp's hook has built the app
  beforeAll(async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    webhookUrl = `${address}/api/v1/payment/flutterwave/webhook`;
    fake.setWebhookUrl(webhookUrl);
    const [school] = await t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
    ids.school = school!.id;
    ids.term = (await defaultTermOf(t.ctx.db, ids.school, todayIn('Africa/Lagos', new Date())))!;
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

  async function approvedFee(amount = '1000') {
    const response = await call('admin', 'POST', '/fee/create', {
      term_id: ids.term,
      school_id: ids.school,
      name: `Fee ${randomUUID().slice(0, 8)}`,
      description: 'Test',
      type: 'miscellaneous',
      amount,
      isApproved: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data._id as string;
  }

  async function initiate(feeId: string) {
    const response = await call('student', 'POST', '/payment/initiate', {
      fee_id: feeId,
      payment_method: 'flutterwave',
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { paymentUrl: string; reference: string; amount: number };
  }

  async function checkout(paymentUrl: string, action: 'pay' | 'fail' | 'cancel') {
    const page = await fetch(paymentUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`/${action}"`);
    return fetch(`${paymentUrl}/${action}`, { method: 'POST', redirect: 'manual' });
  }

  const control = (reference: string, what: string, body: unknown) =>
    fetch(`${fake.url}/__fake/transactions/${reference}/${what}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  const paymentOf = async (reference: string) =>
    (await t.ctx.db.select().from(payments).where(eq(payments.reference, reference)))[0]!;

  async function outstandingOf(feeId: string) {
    const response = await call('student', 'GET', '/student/fees');
    const item = (response.json().data.fees as { fee: { _id: string }; outstanding: number }[]).find(
      (fee) => fee.fee._id === feeId,
    );
    return item!.outstanding;
  }

  it('happy path: naira on the wire, the verif-hash webhook credits once; redirect and replay add nothing', async () => {
    const feeId = await approvedFee('1500.50');
    const { paymentUrl, reference, amount } = await initiate(feeId);
    expect(amount).toBe(1500.5);
    expect(paymentUrl.startsWith(`${fake.url}/v3/hosted/pay/`)).toBe(true);
    const pending = await paymentOf(reference);
    expect(pending).toMatchObject({ status: 'pending', method: 'flutterwave', amountKobo: 150050n });
    // Flutterwave takes major units: exactly ₦1,500.50, not 150050.
    expect(fake.transaction(reference)!.requestedKobo).toBe(150050);

    const paid = await checkout(paymentUrl, 'pay');
    expect(paid.status).toBe(302);
    const location = new URL(paid.headers.get('location')!);
    expect(location.pathname).toBe('/api/v1/payment/flutterwave_callback');
    expect(location.searchParams.get('status')).toBe('successful');
    expect(location.searchParams.get('tx_ref')).toBe(reference);
    expect(location.searchParams.get('transaction_id')).toBe(String(fake.transaction(reference)!.id));

    await fake.settled();
    await until(async () => (await paymentOf(reference)).status === 'success');
    const credited = await paymentOf(reference);
    expect(credited.receiptNo).toMatch(/^CVC-/);
    expect(credited.providerId).toBe(String(fake.transaction(reference)!.id));
    expect(credited.channel).toBe('card');
    expect(await outstandingOf(feeId)).toBe(0);

    const back = await t.app.inject({ method: 'GET', url: `${location.pathname}${location.search}` });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`/student/fees?payment=${reference}`);

    const replay = (await (await control(reference, 'webhook', { count: 5 })).json()) as Resent;
    expect(replay.data.statuses).toEqual([200, 200, 200, 200, 200]);
    const [event] = await t.ctx.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.reference, reference));
    expect(event!.deliveries).toBe(6);
    expect(await creditsOf(t, credited.id)).toBe(1);
  });

  it('refund and chargeback events, whose payload Flutterwave does not document, are recorded and answered 200, and change nothing', async () => {
    const feeId = await approvedFee('1100');
    const { paymentUrl, reference } = await initiate(feeId);
    expect((await checkout(paymentUrl, 'pay')).status).toBe(302);
    await fake.settled();
    await until(async () => (await paymentOf(reference)).status === 'success');
    const paid = await paymentOf(reference);
    for (const [event, id] of [
      ['refund.completed', 75_001],
      ['chargeback.created', 2_221],
    ] as const) {
      const delivered = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'verif-hash': HASH },
        body: JSON.stringify({ event, data: { id, tx_ref: reference, status: 'completed' } }),
      });
      expect(delivered.status).toBe(200);
    }
    const recorded = await t.ctx.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.reference, reference));
    const others = recorded.filter((row) => row.event !== 'charge.completed');
    expect(others.map((row) => row.event).sort()).toEqual(['chargeback.created', 'refund.completed']);
    expect(others.map((row) => row.schoolId)).toEqual([ids.school, ids.school]);
    expect(others.map((row) => row.processedAt)).toEqual([null, null]);
    expect(await paymentOf(reference)).toMatchObject({ status: 'success' });
    expect(await t.ctx.db.select().from(payments).where(eq(payments.refundOf, paid.id))).toEqual([]);
    expect(await outstandingOf(feeId)).toBe(0);
  });

  it('an invalid verif-hash is refused with 401 and credits nothing', async () => {
    const feeId = await approvedFee();
    const { reference } = await initiate(feeId);
    await control(reference, 'status', { status: 'successful' });
    const bad = (await (await control(reference, 'webhook', { badHash: true })).json()) as Resent;
    expect(bad.data.statuses).toEqual([401]);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/flutterwave/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ event: 'charge.completed', data: { id: 1, tx_ref: reference, status: 'successful' } }),
    });
    expect(missing.statusCode).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await paymentOf(reference)).status).toBe('pending');
    expect(await outstandingOf(feeId)).toBe(1000);
  });

  it('an amount lower than expected goes to review and is not credited', async () => {
    const feeId = await approvedFee('2000');
    const { reference } = await initiate(feeId);
    await control(reference, 'status', { status: 'successful' });
    await control(reference, 'amount', { amount: 1999.99 });
    const sent = (await (await control(reference, 'webhook', {})).json()) as Resent;
    expect(sent.data.statuses).toEqual([200]);
    await until(async () => (await paymentOf(reference)).status === 'review');
    const payment = await paymentOf(reference);
    const [review] = await t.ctx.db.select().from(paymentReviews).where(eq(paymentReviews.paymentId, payment.id));
    expect(review!.expectedKobo).toBe(200000n);
    expect(review!.reportedKobo).toBe(199999n);
    expect(await creditsOf(t, payment.id)).toBe(0);
    expect(await outstandingOf(feeId)).toBe(2000);
  });

  it('a cancelled checkout stays pending; a failed attempt then a successful retry credits once', async () => {
    const feeId = await approvedFee();
    const first = await initiate(feeId);
    const cancelled = await checkout(first.paymentUrl, 'cancel');
    expect(cancelled.status).toBe(302);
    const location = new URL(cancelled.headers.get('location')!);
    expect(location.searchParams.get('status')).toBe('cancelled');
    expect(location.searchParams.has('transaction_id')).toBe(false);
    const back = await t.app.inject({ method: 'GET', url: `${location.pathname}${location.search}` });
    expect(back.statusCode).toBe(302);
    expect((await paymentOf(first.reference)).status).toBe('pending');

    const second = await initiate(feeId);
    expect((await checkout(second.paymentUrl, 'fail')).status).toBe(200);
    await fake.settled();
    await until(async () => (await processedEventsOf(t, second.reference)) === 1);
    // The declined card's charge.completed does not end the payment: the checkout is still open.
    expect((await paymentOf(second.reference)).status).toBe('pending');
    // The page stayed open; the payer tries another card.
    expect((await checkout(second.paymentUrl, 'pay')).status).toBe(302);
    await fake.settled();
    await until(async () => (await paymentOf(second.reference)).status === 'success');
    expect(await creditsOf(t, (await paymentOf(second.reference)).id)).toBe(1);
    expect(await outstandingOf(feeId)).toBe(0);
  });

  it('the status endpoint settles a paid but unnotified payment, for the payer and their parent only', async () => {
    const feeId = await approvedFee();
    fake.setWebhookUrl(undefined);
    const { paymentUrl, reference } = await initiate(feeId);
    try {
      // The payer closes the window before the redirect lands and no webhook arrives.
      await checkout(paymentUrl, 'pay');
    } finally {
      fake.setWebhookUrl(webhookUrl);
    }
    expect((await paymentOf(reference)).status).toBe('pending');

    const status = await call('student', 'GET', `/payment/${reference}/status`);
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().data).toMatchObject({ reference, status: 'success', method: 'flutterwave', outstanding: 0 });
    expect(status.json().data.receiptNo).toMatch(/^CVC-/);
    expect((await call('parent', 'GET', `/payment/${reference}/status`)).statusCode).toBe(200);
    expect((await call('bursar', 'GET', `/payment/${reference}/status`)).statusCode).toBe(200);

    const other = `other-student-${randomUUID().slice(0, 6)}@example.ng`;
    await insertUser(t, { email: other, roles: ['Student'] });
    const token = (await login(t, other)).json().data.token as string;
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/v1/payment/${reference}/status`,
      headers: bearer(token),
    });
    expect(refused.statusCode).toBe(404);
    // Staff of another school do not learn it exists.
    const [wuse] = await t.ctx.db.select().from(schools).where(eq(schools.name, SECOND_SCHOOL));
    const bursar2 = `bursar-${randomUUID().slice(0, 6)}@example.ng`;
    await insertUser(t, { email: bursar2, roles: ['Bursar'], schoolId: wuse!.id });
    const token2 = (await login(t, bursar2)).json().data.token as string;
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/v1/payment/${reference}/status`,
      headers: bearer(token2),
    });
    expect(foreign.statusCode).toBe(404);
    expect(await creditsOf(t, (await paymentOf(reference)).id)).toBe(1);
  });
});
