import { randomUUID } from 'node:crypto';
import { AMOUNT_MAX_MESSAGE, AMOUNT_POSITIVE_MESSAGE, NAIRA_AMOUNT_MESSAGE, todayIn } from '@schoolledger/domain';
import { type PaystackFake, startPaystackFake } from '@schoolledger/provider-fakes';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fees, paymentProfiles, payments } from '../src/db/schema.js';
import { multipart, useTestApp } from './helper.js';
import { approvedFee, call, loadPaymentIds, type PaymentIds, setBankTransfer } from './payments-support.js';

const SECRET = 'sk_test_moneyinput00000000000000000001';

/** Each refused value as a JSON number, with the message it must get. */
const REFUSED: [number, string][] = [
  [10.999, NAIRA_AMOUNT_MESSAGE],
  [1.005, NAIRA_AMOUNT_MESSAGE],
  [-1, AMOUNT_POSITIVE_MESSAGE],
  [1e12, AMOUNT_MAX_MESSAGE],
];

function expectRefused(response: LightMyRequestResponse, field: string, message: string) {
  expect(response.statusCode, response.body).toBe(422);
  const body = response.json();
  expect(body).toMatchObject({ success: false, data: null });
  expect(body.errors).toContainEqual({ field, message });
}

describe('every amount a request carries is exact naira or refused, and is stored as exact kobo', () => {
  let paystack: PaystackFake;
  const env: Record<string, string> = { PAYSTACK_SECRET_KEY: SECRET };
  beforeAll(async () => {
    // Real Paystack refuses less than ₦50; ₦10.50 is the amount every entry point is tried with.
    paystack = await startPaystackFake({ secretKey: SECRET, minimumKobo: 100 });
    env.PAYSTACK_BASE_URL = paystack.url;
  });
  afterAll(async () => {
    await paystack?.close();
  });
  const t = useTestApp({ env });
  let ids: PaymentIds;
  const today = todayIn('Africa/Lagos', new Date());

  // biome-ignore lint/suspicious/noDuplicateTestHooks: must run after useTestApp's hook has built the app
  beforeAll(async () => {
    ids = await loadPaymentIds(t);
    await setBankTransfer(t, ids.school, true);
  });

  const feeBody = (amount: unknown) => ({
    term_id: ids.term,
    school_id: ids.school,
    name: `Fee ${randomUUID().slice(0, 8)}`,
    description: 'Money input',
    type: 'miscellaneous',
    amount,
  });
  const storedFee = async (id: string) => (await t.ctx.db.select().from(fees).where(eq(fees.id, id)))[0]!;
  const storedPayment = async (reference: string) =>
    (await t.ctx.db.select().from(payments).where(eq(payments.reference, reference)))[0]!;

  it('fees: create and update', async () => {
    for (const [amount, message] of REFUSED) {
      expectRefused(await call(t, 'admin', 'POST', '/fee/create', feeBody(amount)), 'amount', message);
    }
    const created = await call(t, 'admin', 'POST', '/fee/create', feeBody(10.5));
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data.amount).toBe(10.5);
    const id = created.json().data._id as string;
    expect((await storedFee(id)).amountKobo).toBe(1050n);

    const headers = await t.as('admin');
    const update = (amount: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/fee/${id}/update`,
        headers,
        payload: { ...feeBody(amount), name: 'Renamed' },
      });
    for (const [amount, message] of REFUSED) expectRefused(await update(amount), 'amount', message);
    const updated = await update('20.05');
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await storedFee(id)).amountKobo).toBe(2005n);
  });

  it('cash at the desk', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1000');
    const pay = async (amount: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/payment/pay-with-cash',
        headers: { ...(await t.as('admin')), 'idempotency-key': randomUUID() },
        payload: { user_id: ids.student, fee_id: feeId, amount },
      });
    for (const [amount, message] of REFUSED) expectRefused(await pay(amount), 'amount', message);
    const paid = await pay(10.5);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.payment.amount).toBe(10.5);
    expect((await storedPayment(paid.json().data.payment.trx_ref)).amountKobo).toBe(1050n);
    expect(paid.json().data.outstanding).toBe(989.5);
  });

  it('bank-transfer claims (multipart: the amount arrives as text)', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1000');
    const claim = async (amount: string) => {
      const body = await multipart({ fee_id: feeId, amount, transfer_date: today, bank_reference: 'GTB-42' });
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/payment/bank-transfer',
        headers: { ...(await t.as('student')), ...body.headers },
        payload: body.payload,
      });
    };
    for (const [amount, message] of REFUSED) expectRefused(await claim(String(amount)), 'amount', message);
    expectRefused(await claim('1e3'), 'amount', NAIRA_AMOUNT_MESSAGE);
    const claimed = await claim('10.5');
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect((await storedPayment(claimed.json().data.trx_ref)).amountKobo).toBe(1050n);
  });

  it('online payment initiation', async () => {
    // The parent pays for the son at Wuse, which runs on the app's Paystack account.
    const feeId = await approvedFee(t, ids.secondSchool, ids.secondTerm, '10.50');
    const initiate = (amount: unknown) =>
      call(t, 'parent', 'POST', '/payment/initiate', { fee_id: feeId, user_id: ids.son, amount });
    for (const [amount, message] of REFUSED) expectRefused(await initiate(amount), 'amount', message);
    const started = await initiate(10.5);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data.amount).toBe(10.5);
    expect((await storedPayment(started.json().data.reference)).amountKobo).toBe(1050n);
  });

  it('the payment profile minimum installment', async () => {
    const save = async (minimum: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/paymentprofile/update',
        headers: await t.as('admin'),
        payload: { school_id: ids.school, minimum_installment_amount: minimum },
      });
    for (const [amount, message] of REFUSED) {
      const expected = amount < 0 ? 'Minimum installment amount must be 0 or more' : message;
      expectRefused(await save(amount), 'minimum_installment_amount', expected);
    }
    const saved = await save(10.5);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.minimum_installment_amount).toBe(10.5);
    const [row] = await t.ctx.db.select().from(paymentProfiles).where(eq(paymentProfiles.schoolId, ids.school));
    expect(row!.minimumInstallmentKobo).toBe(1050n);
  });

  it('the API reference shows every amount as naira on the wire', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const body = (path: string, method: string) =>
      document.paths[path][method].requestBody.content['application/json'].schema.properties;
    for (const [path, method, field] of [
      ['/api/v1/fee/create', 'post', 'amount'],
      ['/api/v1/payment/pay-with-cash', 'post', 'amount'],
      ['/api/v1/payment/initiate', 'post', 'amount'],
      ['/api/v1/paymentprofile/update', 'put', 'minimum_installment_amount'],
    ] as const) {
      const schema = body(path, method)[field];
      expect(JSON.stringify(schema), `${path} ${field}`).toContain('"number"');
      expect(schema.description, `${path} ${field}`).toMatch(/at most two decimal places/);
    }
  });
});
