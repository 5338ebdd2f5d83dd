import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { type Payment, todayIn } from '@schoolledger/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, payments } from '../src/db/schema.js';
import { multipart, tinyPng, useTestApp } from './helper.js';
import {
  approvedFee,
  bursarOf,
  call,
  loadPaymentIds,
  outstandingOf,
  type PaymentIds,
  setBankTransfer,
} from './payments-support.js';

const RECORDED = 'Transfer recorded. The bursary will confirm it once the money arrives.';

describe('bank transfer claims and the bursary queue', () => {
  const t = useTestApp();
  let ids: PaymentIds;
  let wuseBursar = { authorization: '' };
  const today = todayIn('Africa/Lagos', new Date());

  beforeAll(async () => {
    ids = await loadPaymentIds(t);
    wuseBursar = await bursarOf(t, ids.secondSchool);
    await setBankTransfer(t, ids.school, true);
    await setBankTransfer(t, ids.secondSchool, true);
  });

  async function claim(
    who: string,
    fields: Record<string, string>,
    proof?: { content: Buffer; contentType?: string; filename?: string },
  ) {
    const body = await multipart(
      { amount: '400', transfer_date: today, bank_reference: 'GTB-000123', ...fields },
      proof
        ? [
            {
              field: 'proof',
              filename: proof.filename ?? 'receipt.png',
              contentType: proof.contentType ?? 'image/png',
              content: proof.content,
            },
          ]
        : [],
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/bank-transfer',
      headers: { ...(await t.as(who)), ...body.headers },
      payload: body.payload,
    });
  }

  async function queue(who: string | { authorization: string } = 'bursar') {
    const response = await call(t, who, 'GET', '/payment/all?method=bank_transfer&status=pending&limit=100');
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.payments as Payment[];
  }

  const auditsOf = (paymentId: string, action: string) =>
    t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, paymentId), eq(auditLogs.action, action)));

  it('claim, wait in the queue, confirm: credited with a receipt number and the outstanding drops', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1000');
    const claimed = await claim('student', { fee_id: feeId });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().message).toBe(RECORDED);
    const payment = claimed.json().data as Payment;
    expect(payment).toMatchObject({
      status: 'pending',
      mode_of_payment: 'bank_transfer',
      amount: 400,
      bank_reference: 'GTB-000123',
      transfer_date: today,
      receiptNo: null,
      isInstallment: true,
      hasProof: false,
    });
    expect(await auditsOf(payment._id, 'payment.claim')).toHaveLength(1);
    // A claim is not money yet.
    expect(await outstandingOf(t, 'student', feeId)).toBe(1000);
    expect((await queue()).map((row) => row._id)).toContain(payment._id);

    const confirmed = await call(t, 'bursar', 'POST', `/payment/${payment._id}/confirm-transfer`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const credited = confirmed.json().data as Payment;
    expect(credited.status).toBe('success');
    expect(credited.receiptNo).toMatch(/^CVC-\d{4}-\d{6}$/);
    expect(credited.channel).toBe('bank_transfer');
    expect(credited.feePaid).toBe(400);
    expect(await outstandingOf(t, 'student', feeId)).toBe(600);
    expect((await queue()).map((row) => row._id)).not.toContain(payment._id);
    const [row] = await t.ctx.db.select().from(payments).where(eq(payments.id, payment._id));
    expect(row!.reviewedBy).not.toBeNull();
    expect(row!.reviewedAt).not.toBeNull();
    expect(await auditsOf(payment._id, 'payment.credit')).toHaveLength(1);

    const again = await call(t, 'bursar', 'POST', `/payment/${payment._id}/confirm-transfer`);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe('This transfer has already been confirmed');
    expect(
      (await call(t, 'bursar', 'POST', `/payment/${payment._id}/reject-transfer`, { reason: 'x' })).statusCode,
    ).toBe(409);
  });

  it('a transfer made on an earlier day is credited on that day', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1000');
    const claimed = await claim('student', { fee_id: feeId, transfer_date: '2026-01-05' });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const confirmed = await call(t, 'bursar', 'POST', `/payment/${claimed.json().data._id}/confirm-transfer`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(todayIn('Africa/Lagos', new Date(confirmed.json().data.paid_at))).toBe('2026-01-05');
  });

  it('a parent claims for a linked child; the bursar rejects it with a reason', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1000');
    const claimed = await claim('parent', { fee_id: feeId, student_id: ids.student, amount: '1000' });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const id = claimed.json().data._id as string;
    expect(claimed.json().data.isInstallment).toBe(false);

    const missing = await call(t, 'bursar', 'POST', `/payment/${id}/reject-transfer`, { reason: '  ' });
    expect(missing.statusCode, missing.body).toBe(422);
    expect(missing.json().message).toBe('Please provide a reason for rejection');

    const rejected = await call(t, 'bursar', 'POST', `/payment/${id}/reject-transfer`, {
      reason: 'No such credit on our statement',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: 'failed', reason: 'No such credit on our statement' });
    expect(await auditsOf(id, 'payment.reject_transfer')).toHaveLength(1);
    expect(await outstandingOf(t, 'student', feeId)).toBe(1000);
    const again = await call(t, 'bursar', 'POST', `/payment/${id}/confirm-transfer`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This transfer has already been rejected');

    // A rejected claim no longer holds back the amount: the whole fee may be claimed again.
    expect((await claim('student', { fee_id: feeId, amount: '1000' })).statusCode).toBe(200);
  });

  it('refuses to claim more than is outstanding, counting claims still waiting', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1000');
    const over = await claim('student', { fee_id: feeId, amount: '1000.01' });
    expect(over.statusCode, over.body).toBe(422);
    expect(over.json().message).toBe('Amount cannot be more than the outstanding ₦1,000.00');
    expect((await claim('student', { fee_id: feeId, amount: '700' })).statusCode).toBe(200);
    const second = await claim('student', { fee_id: feeId, amount: '400' });
    expect(second.statusCode, second.body).toBe(422);
    expect(second.json().errors[0]).toMatchObject({ field: 'amount' });
    expect(second.json().message).toContain('₦300.00');
    expect((await claim('student', { fee_id: feeId, amount: '300' })).statusCode).toBe(200);
  });

  it("confirming a transfer larger than what is owed by then credits it and keeps the excess as the family's credit", async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1000');
    const claimed = await claim('student', { fee_id: feeId, amount: '800' });
    expect(claimed.statusCode, claimed.body).toBe(200);
    // Meanwhile the student paid most of the fee in cash.
    const cash = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/pay-with-cash',
      headers: { ...(await t.as('bursar')), 'idempotency-key': crypto.randomUUID() },
      payload: { user_id: ids.student, fee_id: feeId, amount: '500' },
    });
    expect(cash.statusCode, cash.body).toBe(200);
    const before = (await call(t, 'parent', 'GET', '/family-credit')).json().data.balance as number;
    const confirmed = await call(t, 'bursar', 'POST', `/payment/${claimed.json().data._id}/confirm-transfer`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({ status: 'success', amount: 800 });
    expect(await outstandingOf(t, 'student', feeId)).toBe(0);
    const credit = (await call(t, 'parent', 'GET', '/family-credit')).json().data;
    expect(credit.balance).toBe(before + 300);
    expect(credit.entries[0]).toMatchObject({ kind: 'overpayment', amount: 300 });
  });

  it('checks the date, the fee, the school and the caller', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1000');
    const future = await claim('student', { fee_id: feeId, transfer_date: '2099-01-01' });
    expect(future.statusCode, future.body).toBe(422);
    expect(future.json().errors[0]).toMatchObject({ field: 'transfer_date' });
    const noReference = await claim('student', { fee_id: feeId, bank_reference: '' });
    expect(noReference.statusCode).toBe(422);
    expect(noReference.json().message).toBe('Please enter the reference from your bank');

    const wuseFee = await approvedFee(t, ids.secondSchool, ids.secondTerm, '1000');
    expect((await claim('student', { fee_id: wuseFee })).statusCode).toBe(404);
    expect((await claim('parent', { fee_id: feeId, student_id: ids.stranger })).statusCode).toBe(404);
    expect((await claim('bursar', { fee_id: feeId, student_id: ids.student })).statusCode).toBe(403);

    await setBankTransfer(t, ids.school, false);
    try {
      const off = await claim('student', { fee_id: feeId });
      expect(off.statusCode, off.body).toBe(400);
      expect(off.json().message).toBe('Bank transfer is not available for this school');
    } finally {
      await setBankTransfer(t, ids.school, true);
    }
  });

  it('keeps the proof private: the payer and staff in scope see it, nobody else', async () => {
    const proofsDir = path.join(t.ctx.config.dataDir, 'private', 'transfer-proofs');
    const feeId = await approvedFee(t, ids.school, ids.term, '1000');
    const notImage = await claim('student', { fee_id: feeId }, { content: Buffer.from('%PDF-1.4 not an image') });
    expect(notImage.statusCode, notImage.body).toBe(422);
    expect(notImage.json().errors[0]).toMatchObject({ field: 'proof' });

    const png = tinyPng(4);
    const claimed = await claim('parent', { fee_id: feeId, student_id: ids.student }, { content: png });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const id = claimed.json().data._id as string;
    expect(claimed.json().data.hasProof).toBe(true);
    const [row] = await t.ctx.db.select().from(payments).where(eq(payments.id, id));
    expect(row!.proofPath).toMatch(/^transfer-proofs\/[0-9a-f-]{36}\.png$/);
    expect(existsSync(path.join(t.ctx.config.dataDir, 'private', row!.proofPath!))).toBe(true);
    expect(existsSync(path.join(t.ctx.config.uploadsDir, row!.proofPath!))).toBe(false);

    for (const who of ['parent', 'student', 'bursar', 'auditor']) {
      const response = await call(t, who, 'GET', `/payment/${id}/proof`);
      expect(response.statusCode, `${who}: ${response.body}`).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.rawPayload.equals(png)).toBe(true);
    }
    expect((await call(t, wuseBursar, 'GET', `/payment/${id}/proof`)).statusCode).toBe(404);
    expect((await call(t, 'headteacher', 'GET', `/payment/${id}/proof`)).statusCode).toBe(403);
    const otherClaim = await claim('student', { fee_id: feeId, amount: '100' });
    expect((await call(t, 'student', 'GET', `/payment/${otherClaim.json().data._id}/proof`)).statusCode).toBe(404);
    // A refused claim leaves no file behind.
    const before = readdirSync(proofsDir).length;
    expect((await claim('student', { fee_id: feeId, amount: '5000' }, { content: png })).statusCode).toBe(422);
    expect(readdirSync(proofsDir)).toHaveLength(before);
  });

  it('only confirming staff of the school act on the queue', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1000');
    const claimed = await claim('student', { fee_id: feeId });
    const id = claimed.json().data._id as string;
    expect((await call(t, 'student', 'POST', `/payment/${id}/confirm-transfer`)).statusCode).toBe(403);
    expect((await call(t, 'principal', 'POST', `/payment/${id}/confirm-transfer`)).statusCode).toBe(403);
    expect((await call(t, 'auditor', 'POST', `/payment/${id}/reject-transfer`, { reason: 'No' })).statusCode).toBe(403);
    expect((await call(t, wuseBursar, 'POST', `/payment/${id}/confirm-transfer`)).statusCode).toBe(404);
    expect((await queue(wuseBursar)).map((row) => row._id)).not.toContain(id);
    expect((await call(t, 'bursar', 'POST', `/payment/${crypto.randomUUID()}/confirm-transfer`)).statusCode).toBe(404);

    const cash = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/pay-with-cash',
      headers: { ...(await t.as('bursar')), 'idempotency-key': crypto.randomUUID() },
      payload: { user_id: ids.student, fee_id: feeId, amount: '100' },
    });
    const notAClaim = await call(t, 'bursar', 'POST', `/payment/${cash.json().data.payment._id}/confirm-transfer`);
    expect(notAClaim.statusCode).toBe(409);
    expect(notAClaim.json().message).toBe('Only a bank transfer claim can be confirmed or rejected');
  });
});
