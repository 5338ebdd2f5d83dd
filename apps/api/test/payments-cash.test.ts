import { randomUUID } from 'node:crypto';
import { todayIn } from '@schoolledger/domain';
import { type PaystackFake, startPaystackFake } from '@schoolledger/provider-fakes';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, payments, schools, users } from '../src/db/schema.js';
import { defaultTermOf } from '../src/modules/fees/fees.queries.js';
import { settlePayment } from '../src/modules/payments/online/settle.service.js';
import { bearer, demoEmail, FIRST_SCHOOL, insertUser, login, SECOND_SCHOOL, useTestApp } from './helper.js';

const SECRET = 'sk_test_schoolledger_local';
interface CashBody {
  success: boolean;
  message: string;
  data: {
    payment: { _id: string; amount: number; trx_ref: string; receiptNo: string; status: string; paid_at: string };
    outstanding: number;
  };
}

describe('cash desk and receipt numbers', () => {
  let fake: PaystackFake;
  const env: Record<string, string> = { PAYSTACK_SECRET_KEY: SECRET };
  beforeAll(async () => {
    fake = await startPaystackFake({ secretKey: SECRET });
    env.PAYSTACK_BASE_URL = fake.url;
  });
  const t = useTestApp({ env });
  const ids = { school: '', secondSchool: '', term: '', student: '' };
  let otherBursar = { authorization: '' };

  // biome-ignore lint/suspicious/noDuplicateTestHooks: must run after useTestApp's hook has built the app
  beforeAll(async () => {
    const [school] = await t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
    const [second] = await t.ctx.db.select().from(schools).where(eq(schools.name, SECOND_SCHOOL));
    ids.school = school!.id;
    ids.secondSchool = second!.id;
    ids.term = (await defaultTermOf(t.ctx.db, ids.school, todayIn('Africa/Lagos', new Date())))!;
    const [student] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('student')));
    ids.student = student!.id;
    const email = `bursar-${randomUUID().slice(0, 8)}@example.test`;
    await insertUser(t, { email, roles: ['Bursar'], schoolId: ids.secondSchool });
    const signedIn = await login(t, email);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    otherBursar = bearer(signedIn.json().data.token);
  });
  afterAll(async () => {
    await fake?.close();
  });

  async function approvedFee(amount = '1000') {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/fee/create',
      headers: await t.as('admin'),
      payload: {
        term_id: ids.term,
        school_id: ids.school,
        name: `Fee ${randomUUID().slice(0, 8)}`,
        description: 'Test',
        type: 'miscellaneous',
        amount,
        isApproved: true,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data._id as string;
  }

  async function cash(
    payload: Record<string, unknown>,
    options: { who?: string; headers?: Record<string, string>; key?: string } = {},
  ) {
    const auth = options.headers ?? (await t.as(options.who ?? 'bursar'));
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/pay-with-cash',
      headers: { ...auth, 'idempotency-key': options.key ?? randomUUID() },
      payload: { user_id: ids.student, ...payload },
    });
  }

  async function outstandingOf(feeId: string) {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/student/fees', headers: await t.as('student') });
    expect(response.statusCode, response.body).toBe(200);
    const item = (response.json().data.fees as { fee: { _id: string }; outstanding: number }[]).find(
      (fee) => fee.fee._id === feeId,
    );
    return item!.outstanding;
  }

  const cashRows = (feeId: string) =>
    t.ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.feeId, feeId), eq(payments.studentId, ids.student)));

  /** The student starts paying the fee online and pays at the provider; the API is not told yet. */
  async function paidAtProvider(feeId: string) {
    const initiated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/initiate',
      headers: await t.as('student'),
      payload: { fee_id: feeId },
    });
    expect(initiated.statusCode, initiated.body).toBe(200);
    const { reference } = initiated.json().data as { reference: string };
    const marked = await fetch(`${fake.url}/__fake/transactions/${reference}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'success' }),
    });
    expect(marked.status).toBe(200);
    return reference;
  }

  const receiptNumber = (receiptNo: string) => {
    expect(receiptNo).toMatch(/^CVC-\d{4}-\d{6}$/);
    return Number(receiptNo.slice(-6));
  };

  it('a bursar records partial then full cash; outstanding follows; receipt, reference and audit are recorded', async () => {
    const feeId = await approvedFee('1000');
    const partial = await cash({ fee_id: feeId, amount: '250.50', notes: 'First installment' });
    expect(partial.statusCode, partial.body).toBe(200);
    const first = partial.json() as CashBody;
    expect(first.message).toBe('Cash payment processed successfully!');
    expect(first.data.payment).toMatchObject({ amount: 250.5, status: 'success' });
    expect(first.data.payment.trx_ref).toMatch(/^SL-/);
    expect(first.data.payment.paid_at).toBeTruthy();
    expect(first.data.outstanding).toBe(749.5);
    expect(await outstandingOf(feeId)).toBe(749.5);

    const rest = await cash({ fee_id: feeId });
    expect(rest.statusCode, rest.body).toBe(200);
    const second = rest.json() as CashBody;
    expect(second.data.payment.amount).toBe(749.5);
    expect(second.data.outstanding).toBe(0);
    expect(await outstandingOf(feeId)).toBe(0);
    expect(receiptNumber(second.data.payment.receiptNo)).toBe(receiptNumber(first.data.payment.receiptNo) + 1);

    const rows = await cashRows(feeId);
    expect(rows.map((row) => row.method)).toEqual(['cash', 'cash']);
    expect(rows.find((row) => row.id === first.data.payment._id)?.notes).toBe('First installment');
    const audits = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, first.data.payment._id), eq(auditLogs.action, 'payment.credit')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorId).not.toBeNull();

    const paidUp = await cash({ fee_id: feeId, amount: '1' });
    expect(paidUp.statusCode, paidUp.body).toBe(409);
  });

  it('the same Idempotency-Key records once, sequentially and with 10 concurrent submits', async () => {
    const feeId = await approvedFee('1000');
    const key = randomUUID();
    const one = await cash({ fee_id: feeId, amount: '100' }, { key });
    const two = await cash({ fee_id: feeId, amount: '100' }, { key });
    expect(one.statusCode, one.body).toBe(200);
    expect(two.statusCode, two.body).toBe(200);
    expect((two.json() as CashBody).data.payment).toEqual((one.json() as CashBody).data.payment);
    expect(await cashRows(feeId)).toHaveLength(1);

    const burstKey = randomUUID();
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => cash({ fee_id: feeId, amount: '200' }, { key: burstKey })),
    );
    for (const response of burst) expect(response.statusCode, response.body).toBe(200);
    expect(new Set(burst.map((response) => (response.json() as CashBody).data.payment._id)).size).toBe(1);
    expect(await cashRows(feeId)).toHaveLength(2);
    expect(await outstandingOf(feeId)).toBe(700);

    const reused = await cash({ fee_id: await approvedFee('500'), amount: '100' }, { key });
    expect(reused.statusCode, reused.body).toBe(409);
  });

  it('a retry of the payment that cleared the fee answers that payment, not "already paid"', async () => {
    const feeId = await approvedFee('1000');
    const key = randomUUID();
    const first = await cash({ fee_id: feeId }, { key });
    const retry = await cash({ fee_id: feeId }, { key });
    expect(first.statusCode, first.body).toBe(200);
    expect(retry.statusCode, retry.body).toBe(200);
    expect((retry.json() as CashBody).data).toEqual((first.json() as CashBody).data);
    expect((first.json() as CashBody).data.outstanding).toBe(0);
    expect(await cashRows(feeId)).toHaveLength(1);
  });

  it('requires a uuid Idempotency-Key', async () => {
    const feeId = await approvedFee('1000');
    const response = await cash({ fee_id: feeId }, { key: 'not-a-uuid' });
    expect(response.statusCode, response.body).toBe(422);
  });

  it('a student recording cash gets 403', async () => {
    const feeId = await approvedFee('1000');
    const response = await cash({ fee_id: feeId }, { who: 'student' });
    expect(response.statusCode, response.body).toBe(403);
    expect(await cashRows(feeId)).toHaveLength(0);
  });

  it("a bursar of another school gets 404 for this school's student", async () => {
    const feeId = await approvedFee('1000');
    const response = await cash({ fee_id: feeId }, { headers: otherBursar });
    expect(response.statusCode, response.body).toBe(404);
    expect(await cashRows(feeId)).toHaveLength(0);
  });

  it('more than the outstanding is 422 with the amount; an unknown fee is 404; an unapproved fee 422', async () => {
    const feeId = await approvedFee('1000');
    expect((await cash({ fee_id: feeId, amount: '400' })).statusCode).toBe(200);
    const over = await cash({ fee_id: feeId, amount: '600.01' });
    expect(over.statusCode, over.body).toBe(422);
    expect(over.json().message).toBe('Amount cannot be more than the outstanding ₦600.00');
    const tooSmall = await cash({ fee_id: feeId, amount: '0.50' });
    expect(tooSmall.statusCode, tooSmall.body).toBe(422);
    expect((await cash({ fee_id: randomUUID() })).statusCode).toBe(404);

    const pending = await t.app.inject({
      method: 'POST',
      url: '/api/v1/fee/create',
      headers: await t.as('admin'),
      payload: {
        term_id: ids.term,
        school_id: ids.school,
        name: `Pending ${randomUUID().slice(0, 8)}`,
        description: 'Test',
        type: 'miscellaneous',
        amount: '1000',
      },
    });
    expect(pending.statusCode, pending.body).toBe(200);
    const notApproved = await cash({ fee_id: pending.json().data._id });
    expect(notApproved.statusCode, notApproved.body).toBe(422);
  });

  it('20 concurrent cash payments get sequential receipt numbers per school with no duplicates', async () => {
    const feeId = await approvedFee('100000');
    const responses = await Promise.all(Array.from({ length: 20 }, () => cash({ fee_id: feeId, amount: '100' })));
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const numbers = responses
      .map((response) => receiptNumber((response.json() as CashBody).data.payment.receiptNo))
      .sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers.at(-1)! - numbers[0]! + 1).toBe(20);
    const all = await t.ctx.db
      .select({ receiptNo: payments.receiptNo })
      .from(payments)
      .where(and(eq(payments.schoolId, ids.school), eq(payments.status, 'success')));
    const schoolNumbers = all.map((row) => receiptNumber(row.receiptNo!)).sort((a, b) => a - b);
    expect(schoolNumbers).toEqual(Array.from({ length: schoolNumbers.length }, (_, i) => i + 1));
    expect(await outstandingOf(feeId)).toBe(98000);
  });

  it('desks paying one student at once never take more than is owed: one whole payment, the rest refused', async () => {
    const feeId = await approvedFee('700');
    const whole = await Promise.all(Array.from({ length: 8 }, () => cash({ fee_id: feeId })));
    expect(whole.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const refused of whole.filter((response) => response.statusCode === 409)) {
      expect(refused.json().message).toBe('This fee is already paid');
    }
    expect(await cashRows(feeId)).toHaveLength(1);
    expect(await outstandingOf(feeId)).toBe(0);

    const partsFee = await approvedFee('1000');
    const parts = await Promise.all(Array.from({ length: 5 }, () => cash({ fee_id: partsFee, amount: '300' })));
    expect(parts.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 422, 422]);
    expect(await cashRows(partsFee)).toHaveLength(3);
    expect(await outstandingOf(partsFee)).toBe(100);
  });

  it('an online payment credited through settlePayment gets the next receipt number', async () => {
    const feeId = await approvedFee('1000');
    const before = await cash({ fee_id: feeId, amount: '100' });
    const last = receiptNumber((before.json() as CashBody).data.payment.receiptNo);
    const reference = await paidAtProvider(feeId);
    const [pending] = await t.ctx.db.select().from(payments).where(eq(payments.reference, reference));
    expect(pending!.receiptNo).toBeNull();
    expect(await settlePayment(t.ctx, reference, { source: 'callback' })).toBe('credited');
    expect(await settlePayment(t.ctx, reference, { source: 'callback' })).toBe('already_settled');
    const [credited] = await t.ctx.db.select().from(payments).where(eq(payments.reference, reference));
    expect(credited!.status).toBe('success');
    expect(receiptNumber(credited!.receiptNo!)).toBe(last + 1);
    expect(await outstandingOf(feeId)).toBe(0);
  });

  it('online payments credited while the desk takes cash in the same school all go through, each with its own number', async () => {
    // Each credit holds the school's receipt counter and day summaries until it commits: the
    // desk and the settle must take them in one order, or on PostgreSQL two of them deadlock.
    const ROUNDS = 8;
    const online: string[] = [];
    for (let round = 0; round < ROUNDS; round++) online.push(await paidAtProvider(await approvedFee('500')));
    const deskFees = await Promise.all(Array.from({ length: ROUNDS }, () => approvedFee('500')));

    const [settled, desk] = await Promise.all([
      Promise.all(online.map((reference) => settlePayment(t.ctx, reference, { source: 'webhook' }))),
      Promise.all(deskFees.map((feeId) => cash({ fee_id: feeId, amount: '500' }))),
    ]);
    expect(settled).toEqual(online.map(() => 'credited'));
    expect(desk.map((response) => response.statusCode)).toEqual(deskFees.map(() => 200));

    const credited = await t.ctx.db
      .select({ receiptNo: payments.receiptNo })
      .from(payments)
      .where(inArray(payments.feeId, deskFees.concat(await feesOf(online))));
    const numbers = credited.map((row) => receiptNumber(row.receiptNo!)).sort((a, b) => a - b);
    expect(numbers).toHaveLength(ROUNDS * 2);
    expect(numbers.at(-1)! - numbers[0]!).toBe(ROUNDS * 2 - 1);
  });

  const feesOf = async (references: string[]) =>
    (
      await t.ctx.db.select({ feeId: payments.feeId }).from(payments).where(inArray(payments.reference, references))
    ).map((row) => row.feeId);
});
