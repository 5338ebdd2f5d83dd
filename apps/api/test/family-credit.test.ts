import { type PaystackFake, startPaystackFake } from '@schoolledger/provider-fakes';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  dailyCollections,
  familyCreditBalances,
  familyCreditEntries,
  payments,
  users,
} from '../src/db/schema.js';
import { applyWaitingCredit } from '../src/modules/payments/family-credit/family-credit.service.js';
import { settlePayment } from '../src/modules/payments/online/settle.service.js';
import { demoEmail, useTestApp } from './helper.js';
import { approvedFee, call, loadPaymentIds, outstandingOf, type PaymentIds, payCash } from './payments-support.js';

const SECRET = 'sk_test_family_credit';

interface CreditView {
  parent: { _id: string; name: string };
  balance: number;
  entries: {
    kind: string;
    amount: number;
    reason: string | null;
    createdBy: { name: string } | null;
    payment: { receiptNo: string | null; fee: string; student: string } | null;
  }[];
  pagination: { total: number };
}

describe('family credit: money beyond what was owed, kept for the next fees or paid back', () => {
  let fake: PaystackFake;
  const env: Record<string, string> = { PAYSTACK_SECRET_KEY: SECRET };
  beforeAll(async () => {
    fake = await startPaystackFake({ secretKey: SECRET });
    env.PAYSTACK_BASE_URL = fake.url;
  });
  const t = useTestApp({ env });
  let ids: PaymentIds;
  let parentId = '';

  // biome-ignore lint/suspicious/noDuplicateTestHooks: must run after useTestApp's hook has built the app
  beforeAll(async () => {
    ids = await loadPaymentIds(t);
    const [parent] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('parent')));
    parentId = parent!.id;
  });
  afterAll(async () => {
    await fake?.close();
  });

  async function credit(who = 'parent', query = ''): Promise<CreditView> {
    const response = await call(t, who, 'GET', `/family-credit${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  /** The stored balance against the sum of the entries: the ledger is exact after every step. */
  async function expectLedgerExact(kobo: bigint) {
    const [balance] = await t.ctx.db
      .select()
      .from(familyCreditBalances)
      .where(eq(familyCreditBalances.parentId, parentId));
    const [sum] = await t.ctx.db
      .select({ total: sql<string>`coalesce(sum(${familyCreditEntries.amountKobo}), 0)::text` })
      .from(familyCreditEntries)
      .where(eq(familyCreditEntries.parentId, parentId));
    expect(balance!.balanceKobo).toBe(BigInt(sum!.total));
    expect(balance!.balanceKobo).toBe(kobo);
  }

  /** Money counted as collected by the school, every method and day, net of refunds. */
  async function collectedKobo() {
    const [row] = await t.ctx.db
      .select({ total: sql<string>`coalesce(sum(${dailyCollections.amountKobo}), 0)::text` })
      .from(dailyCollections)
      .where(eq(dailyCollections.schoolId, ids.school));
    return BigInt(row!.total);
  }

  async function paidOnlineByParent(feeId: string) {
    const started = await call(t, 'parent', 'POST', '/payment/initiate', { fee_id: feeId, user_id: ids.student });
    expect(started.statusCode, started.body).toBe(200);
    return started.json().data.reference as string;
  }

  async function providerSaysPaid(reference: string) {
    const marked = await fetch(`${fake.url}/__fake/transactions/${reference}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'success' }),
    });
    expect(marked.status).toBe(200);
  }

  it('an online payment that over-collects is credited, its excess becomes the family credit, and the credit pays another fee', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '2500.75');
    const collectedBefore = await collectedKobo();
    const reference = await paidOnlineByParent(feeId);
    // The desk takes part of the fee while the parent is on the checkout for the whole of it.
    await payCash(t, ids.student, feeId, '1000.50', 'bursar');
    await providerSaysPaid(reference);
    expect(await settlePayment(t.ctx, reference, { source: 'callback' })).toBe('credited');

    const [online] = await t.ctx.db.select().from(payments).where(eq(payments.reference, reference));
    expect(online!.status).toBe('success');
    expect(online!.receiptNo).toMatch(/^CVC-\d{4}-\d{6,}$/);
    const [moved] = await t.ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.feeId, feeId), eq(payments.kind, 'refund')));
    expect(moved).toMatchObject({
      amountKobo: 100050n,
      method: 'paystack',
      status: 'success',
      reason: 'Moved to family credit',
      refundOf: null,
    });
    expect(await outstandingOf(t, 'student', feeId)).toBe(0);
    // Cash 1,000.50 + online 2,500.75 came in; 1,000.50 of it waits as credit, not as this fee's money.
    expect((await collectedKobo()) - collectedBefore).toBe(250075n);
    await expectLedgerExact(100050n);
    const afterOverpayment = await credit();
    expect(afterOverpayment.balance).toBe(1000.5);
    expect(afterOverpayment.entries[0]).toMatchObject({ kind: 'overpayment', amount: 1000.5 });

    const secondFee = await approvedFee(t, ids.school, ids.term, '800.25');
    const applied = await call(t, 'parent', 'POST', '/family-credit/apply', {
      student_id: ids.student,
      fee_id: secondFee,
      amount: '800.25',
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({ outstanding: 0, balance: 200.25, payment: { amount: 800.25 } });
    expect(applied.json().data.payment.receiptNo).toMatch(/^CVC-\d{4}-\d{6,}$/);
    expect(await outstandingOf(t, 'student', secondFee)).toBe(0);
    await expectLedgerExact(20025n);
    // The credit's use is counted under 'credit': with what is left, the money received once.
    const [byCredit] = await t.ctx.db
      .select()
      .from(dailyCollections)
      .where(and(eq(dailyCollections.schoolId, ids.school), eq(dailyCollections.method, 'credit')));
    expect(byCredit!.amountKobo).toBe(80025n);
    expect((await collectedKobo()) - collectedBefore + 20025n).toBe(100050n + 250075n);

    const view = await credit();
    expect(view.entries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['applied', -800.25],
      ['overpayment', 1000.5],
    ]);
    expect(view.entries[0]!.payment!.receiptNo).toBe(applied.json().data.payment.receiptNo);
    const audits = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'family_credit.apply'));
    expect(audits).toHaveLength(1);
  });

  it('a refund to credit keeps the money as the family credit instead of handing it back', async () => {
    const before = (await credit()).balance;
    const feeId = await approvedFee(t, ids.school, ids.term, '600');
    const paid = await payCash(t, ids.student, feeId, '600', 'bursar');
    const refunded = await call(t, 'bursar', 'POST', `/payment/${paid._id}/refund`, {
      reason: 'Paid for the wrong term',
      to: 'credit',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data).toMatchObject({ kind: 'refund', status: 'success', amount: 600 });
    expect(await outstandingOf(t, 'student', feeId)).toBe(600);
    const view = await credit();
    expect(view.balance).toBe(before + 600);
    expect(view.entries[0]).toMatchObject({ kind: 'refund_to_credit', amount: 600, reason: 'Paid for the wrong term' });
    await expectLedgerExact(BigInt(Math.round((before + 600) * 100)));
  });

  it('staff pay credit back to the family with a reason once another person approves it, and the entry says who did', async () => {
    const before = (await credit()).balance;
    const asked = await call(t, 'bursar', 'POST', '/family-credit/refund', {
      parent_id: parentId,
      amount: '100',
      reason: 'Family moved abroad',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toMatchObject({ status: 'pending', amount: 100, balance: before });
    expect((await credit()).balance, 'nothing leaves before the approval').toBe(before);
    const approved = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/family-credit/paybacks/${asked.json().data._id}/decision`,
      headers: await t.as('admin'),
      payload: { status: 'approved' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.balance).toBe(before - 100);
    const view = await credit('bursar', `?parent_id=${parentId}`);
    expect(view.entries[0]).toMatchObject({ kind: 'refunded', amount: -100, reason: 'Family moved abroad' });
    expect(view.entries[0]!.createdBy).not.toBeNull();
    await expectLedgerExact(BigInt(Math.round((before - 100) * 100)));

    const tooMuch = await call(t, 'bursar', 'POST', '/family-credit/refund', {
      parent_id: parentId,
      amount: String(before),
      reason: 'More than there is',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().code).toBe('CREDIT_NOT_ENOUGH');
    expect((await credit()).balance).toBe(before - 100);
  });

  it('two uses of the same credit at once: one wins, the other is refused, never a negative balance', async () => {
    const balance = (await credit()).balance;
    const first = await approvedFee(t, ids.school, ids.term, String(balance));
    const second = await approvedFee(t, ids.school, ids.term, String(balance));
    const [a, b] = await Promise.all(
      [first, second].map((feeId) =>
        call(t, 'parent', 'POST', '/family-credit/apply', {
          student_id: ids.student,
          fee_id: feeId,
          amount: String(balance),
        }),
      ),
    );
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    const loser = a!.statusCode === 409 ? a! : b!;
    expect(loser.json().code).toBe('CREDIT_NOT_ENOUGH');
    expect((await credit()).balance).toBe(0);
    await expectLedgerExact(0n);
    const owed = [await outstandingOf(t, 'student', first), await outstandingOf(t, 'student', second)].sort();
    expect(owed).toEqual([0, balance]);
  });

  it('the ledger is append-only: entries cannot be changed or removed', async () => {
    await expect(t.ctx.db.execute(sql`update family_credit_entries set amount_kobo = 1`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`delete from family_credit_entries`)).rejects.toThrow();
    await expectLedgerExact(0n);
  });

  it("with the school's auto-apply on, new credit pays the family's oldest owed fees by itself", async () => {
    const switched = await call(t, 'admin', 'POST', '/paymentprofile/create', {
      school_id: ids.school,
      auto_apply_credit: true,
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().data.auto_apply_credit).toBe(true);
    const feeId = await approvedFee(t, ids.school, ids.term, '600');
    const paid = await payCash(t, ids.student, feeId, '600', 'bursar');
    const kept = await call(t, 'bursar', 'POST', `/payment/${paid._id}/refund`, { reason: 'Overpaid', to: 'credit' });
    expect(kept.statusCode, kept.body).toBe(200);
    const view = await credit();
    expect(view.balance).toBe(0);
    const sinceRefund = view.entries.slice(
      0,
      view.entries.findIndex((entry) => entry.kind === 'refund_to_credit'),
    );
    expect(sinceRefund.length).toBeGreaterThan(0);
    expect(sinceRefund.map((entry) => entry.kind)).toEqual(sinceRefund.map(() => 'applied'));
    expect(sinceRefund.reduce((sum, entry) => sum + entry.amount, 0)).toBe(-600);
    await expectLedgerExact(0n);
  });

  it('credit that waited is applied by the rules pass once the school turns auto-apply on', async () => {
    const autoApply = async (on: boolean) => {
      const switched = await call(t, 'admin', 'POST', '/paymentprofile/create', {
        school_id: ids.school,
        auto_apply_credit: on,
      });
      expect(switched.statusCode, switched.body).toBe(200);
    };
    await autoApply(false);
    const feeId = await approvedFee(t, ids.school, ids.term, '300');
    const paid = await payCash(t, ids.student, feeId, '300', 'bursar');
    const kept = await call(t, 'bursar', 'POST', `/payment/${paid._id}/refund`, { reason: 'Overpaid', to: 'credit' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await credit()).balance).toBe(300);

    await autoApply(true);
    await applyWaitingCredit(t.ctx);
    // The demo family owes more than ₦300 at Ikeja, so all of it pays their oldest fees.
    const view = await credit();
    expect(view.balance).toBe(0);
    expect(
      view.entries.slice(
        0,
        view.entries.findIndex((entry) => entry.kind === 'refund_to_credit'),
      ),
    ).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'applied' })]));
    await expectLedgerExact(0n);
  });

  it('a parent sees only their own family; staff of another school get a 404', async () => {
    const other = await call(t, 'parent', 'GET', `/family-credit?parent_id=${ids.student}`);
    expect(other.statusCode).toBe(404);
    const noFamily = await call(t, 'bursar', 'GET', `/family-credit?parent_id=${ids.student}`);
    expect(noFamily.statusCode).toBe(404);
    expect(noFamily.json().code).toBe('FAMILY_NOT_FOUND');
  });
});
