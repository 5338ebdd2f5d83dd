import type { Payment } from '@schoolledger/domain';
import { type PaystackFake, startPaystackFake } from '@schoolledger/provider-fakes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, payments } from '../src/db/schema.js';
import { runReconcile } from '../src/modules/payments/online/reconcile.job.js';
import { settlePayment } from '../src/modules/payments/online/settle.service.js';
import { useTestApp } from './helper.js';
import {
  approvedFee,
  bursarOf,
  call,
  loadPaymentIds,
  outstandingOf,
  type PaymentIds,
  payCash,
  payOnProviderPage,
} from './payments-support.js';

const SECRET = 'sk_test_schoolledger_local';
const REASON = 'Paid twice by mistake';

describe('refunds', () => {
  let fake: PaystackFake;
  const env: Record<string, string> = { PAYSTACK_SECRET_KEY: SECRET };
  beforeAll(async () => {
    fake = await startPaystackFake({ secretKey: SECRET });
    env.PAYSTACK_BASE_URL = fake.url;
  });
  const t = useTestApp({ env });
  let ids: PaymentIds;
  let wuseBursar = { authorization: '' };

  // biome-ignore lint/suspicious/noDuplicateTestHooks: must run after useTestApp's hook has built the app
  beforeAll(async () => {
    ids = await loadPaymentIds(t);
    wuseBursar = await bursarOf(t, ids.secondSchool);
  });
  afterAll(async () => {
    await fake?.close();
  });

  const refund = (who: string | { authorization: string }, id: string, reason: string = REASON) =>
    call(t, who, 'POST', `/payment/${id}/refund`, { reason });

  const rowsOf = (feeId: string) => t.ctx.db.select().from(payments).where(eq(payments.feeId, feeId));

  async function paidOnline(feeId: string) {
    const started = await call(t, 'student', 'POST', '/payment/initiate', { fee_id: feeId });
    expect(started.statusCode, started.body).toBe(200);
    const { paymentUrl, reference } = started.json().data as { paymentUrl: string; reference: string };
    await payOnProviderPage(paymentUrl);
    expect(await settlePayment(t.ctx, reference, { source: 'callback' })).toBe('credited');
    const [row] = await t.ctx.db.select().from(payments).where(eq(payments.reference, reference));
    return row!;
  }

  it('a cash refund is a new entry: the original stays successful and the outstanding rises again', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1000');
    const original = await payCash(t, ids.student, feeId, '1000', 'bursar');
    expect(await outstandingOf(t, 'student', feeId)).toBe(0);

    const response = await refund('bursar', original._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Refund recorded. Hand the money back to the payer.');
    const made = response.json().data as Payment;
    expect(made).toMatchObject({
      kind: 'refund',
      refundOf: original._id,
      amount: 1000,
      status: 'success',
      mode_of_payment: 'cash',
      reason: REASON,
      receiptNo: null,
      feePaid: 0,
    });
    expect(made.trx_ref).not.toBe(original.trx_ref);
    expect(await outstandingOf(t, 'student', feeId)).toBe(1000);

    const [kept] = await t.ctx.db.select().from(payments).where(eq(payments.id, original._id));
    expect(kept).toMatchObject({
      status: 'success',
      receiptNo: original.receiptNo,
      amountKobo: 100_000n,
      kind: 'payment',
    });
    const audits = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, made._id), eq(auditLogs.action, 'payment.refund')));
    expect(audits).toHaveLength(1);

    const history = await call(t, 'student', 'GET', `/payment/all?fee_id=${feeId}`);
    const shown = history.json().data.payments as Payment[];
    expect(shown.find((payment) => payment._id === original._id)).toMatchObject({ refundedBy: made._id, feePaid: 0 });
    const stats = (await call(t, 'bursar', 'GET', '/payment/stats')).json().data;
    expect(stats.refundedAmount).toBeGreaterThanOrEqual(1000);

    // The student can pay again, and that payment counts.
    await payCash(t, ids.student, feeId, '1000', 'bursar');
    expect(await outstandingOf(t, 'student', feeId)).toBe(0);
  });

  it('refunds a payment once: a second refund, a refund of a refund and a pending payment are refused', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1000');
    const original = await payCash(t, ids.student, feeId, '400', 'bursar');
    const first = await refund('admin', original._id);
    expect(first.statusCode, first.body).toBe(200);
    const second = await refund('bursar', original._id);
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().message).toBe('This payment has already been refunded');
    const ofRefund = await refund('bursar', first.json().data._id);
    expect(ofRefund.statusCode).toBe(409);
    expect(ofRefund.json().message).toBe('A refund cannot itself be refunded');

    const [pending] = await t.ctx.db
      .insert(payments)
      .values({
        schoolId: ids.school,
        studentId: ids.student,
        feeId,
        amountKobo: 10_000n,
        method: 'paystack',
        reference: `TEST-${crypto.randomUUID()}`,
      })
      .returning();
    const notPaid = await refund('bursar', pending!.id);
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().message).toBe('Only a successful payment can be refunded');
    expect((await rowsOf(feeId)).filter((row) => row.kind === 'refund')).toHaveLength(1);
  });

  it('five refunds of one payment at once make exactly one', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1000');
    const original = await payCash(t, ids.student, feeId, '1000', 'bursar');
    const responses = await Promise.all(Array.from({ length: 5 }, () => refund('bursar', original._id)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses, responses.map((response) => response.body).join('\n')).toEqual([200, 409, 409, 409, 409]);
    expect((await rowsOf(feeId)).filter((row) => row.refundOf === original._id)).toHaveLength(1);
    expect(await outstandingOf(t, 'student', feeId)).toBe(1000);
  });

  it('a Paystack payment is refunded through Paystack, once', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1500');
    const original = await paidOnline(feeId);
    expect(await outstandingOf(t, 'student', feeId)).toBe(0);

    const response = await refund('bursar', original.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(
      "Refund sent to Paystack. The money returns to the payer's account in a few days.",
    );
    const made = response.json().data as Payment;
    expect(made).toMatchObject({ kind: 'refund', mode_of_payment: 'paystack', amount: 1500, receiptNo: null });
    expect(fake.refunds().filter((r) => r.reference === original.reference)).toEqual([
      expect.objectContaining({ reference: original.reference, amount: 150_000 }),
    ]);
    const [row] = await t.ctx.db.select().from(payments).where(eq(payments.id, made._id));
    expect(row!.providerReference).toBe(String(fake.refunds().at(-1)!.id));
    // Paystack answered pending: until it reports the refund processed, the money has not gone back.
    expect(made.status).toBe('pending');
    expect(await outstandingOf(t, 'student', feeId)).toBe(0);
    await fake.finishRefund(fake.refunds().at(-1)!.id, 'processed');
    await runReconcile({ ...t.ctx, clock: () => new Date(Date.now() + 10 * 60_000) });
    const [done] = await t.ctx.db.select().from(payments).where(eq(payments.id, made._id));
    expect(done!.status).toBe('success');
    expect(await outstandingOf(t, 'student', feeId)).toBe(1500);

    const concurrent = await Promise.all(Array.from({ length: 3 }, () => refund('bursar', original.id)));
    expect(concurrent.every((again) => again.statusCode === 409)).toBe(true);
    expect(fake.refunds().filter((r) => r.reference === original.reference)).toHaveLength(1);
  });

  it('when Paystack refuses, the refund fails, nothing is refunded and the bursar sees why', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1000');
    const original = await paidOnline(feeId);
    // Refunded from the Paystack dashboard already: Paystack has nothing left to return.
    const outside = await fetch(`${fake.url}/refund`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify({ transaction: original.reference }),
    });
    expect(outside.status).toBe(200);

    const response = await refund('bursar', original.id);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(
      'The payment provider refused the refund: Transaction has been fully reversed',
    );
    // The refund was recorded before Paystack was asked; its refusal fails it, and it refunds nothing.
    const refunds = (await rowsOf(feeId)).filter((row) => row.kind === 'refund');
    expect(refunds.map((row) => [row.status, row.notes])).toEqual([['failed', 'Transaction has been fully reversed']]);
    expect(await outstandingOf(t, 'student', feeId)).toBe(0);
  });

  it('only an Admin or Bursar of the school refunds, with a reason', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1000');
    const original = await payCash(t, ids.student, feeId, '1000', 'bursar');
    expect((await refund('student', original._id)).statusCode).toBe(403);
    expect((await refund('principal', original._id)).statusCode).toBe(403);
    expect((await refund('auditor', original._id)).statusCode).toBe(403);
    expect((await refund(wuseBursar, original._id)).statusCode).toBe(404);
    const noReason = await refund('bursar', original._id, ' ');
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().message).toBe('Please give a reason for the refund');
    expect((await rowsOf(feeId)).filter((row) => row.kind === 'refund')).toHaveLength(0);
    expect(await outstandingOf(t, 'student', feeId)).toBe(0);
  });
});
