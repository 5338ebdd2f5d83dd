import type { Payment } from '@schoolledger/domain';
import { type PaystackFake, startPaystackFake } from '@schoolledger/provider-fakes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  paymentDisputes,
  paymentProfiles,
  paymentReviews,
  payments,
  paymentWebhookEvents,
} from '../src/db/schema.js';
import { encryptSecret } from '../src/lib/secrets.js';
import { runReconcile } from '../src/modules/payments/online/reconcile.job.js';
import { PROVIDER_UNREACHABLE } from '../src/modules/payments/online/reconcile.service.js';
import { REFUND_NEEDS_ATTENTION } from '../src/modules/payments/online/webhooks.service.js';
import { createPaystackProvider } from '../src/modules/providers/paystack.js';
import { ProviderError } from '../src/modules/providers/provider.js';
import { useTestApp } from './helper.js';
import {
  approvedFee,
  bursarOf,
  call,
  loadPaymentIds,
  outstandingOf,
  type PaymentIds,
  until,
} from './payments-support.js';

/** The app-wide account (config) and the first school's own account (its payment profile). */
const APP_KEY = 'sk_test_schoolledger_app_wide';
const SCHOOL_KEY = 'sk_test_crestview_own_account';

/**
 * Paystack as it behaves beyond the happy path, against a school with its own keys: a key it
 * refuses, a request that hangs, fees passed to the payer, refunds that stay pending, refund and
 * dispute events that name the transaction elsewhere than `data.reference`, events for
 * references the app never issued, and two paid checkouts for one fee.
 */
describe('Paystack: the cases the happy path never sends', () => {
  let fake: PaystackFake;
  /** Paystack under the app-wide key, only to send events signed with it. */
  let appWide: PaystackFake;
  const env: Record<string, string> = { PAYSTACK_SECRET_KEY: APP_KEY };
  beforeAll(async () => {
    fake = await startPaystackFake({ secretKey: SCHOOL_KEY });
    appWide = await startPaystackFake({ secretKey: APP_KEY });
    env.PAYSTACK_BASE_URL = fake.url;
  });
  const t = useTestApp({ env });
  let ids: PaymentIds;
  let webhookUrl = '';

  // biome-ignore lint/suspicious/noDuplicateTestHooks: must run after useTestApp's hook has built the app
  beforeAll(async () => {
    ids = await loadPaymentIds(t);
    await t.ctx.db.insert(paymentProfiles).values({
      schoolId: ids.school,
      activatePs: true,
      psSecretKeyEnc: encryptSecret(SCHOOL_KEY, t.ctx.encryptionKey),
    });
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    webhookUrl = `${address}/api/v1/payment/paystack/webhook`;
    fake.setWebhookUrl(webhookUrl);
    appWide.setWebhookUrl(webhookUrl);
  });
  afterAll(async () => {
    fake?.setFault(null);
    await fake?.close();
    await appWide?.close();
  });

  const later = (minutes: number) => ({ ...t.ctx, clock: () => new Date(Date.now() + minutes * 60_000) });
  const paymentOf = async (reference: string) =>
    (await t.ctx.db.select().from(payments).where(eq(payments.reference, reference)))[0]!;
  const rowById = async (id: string) => (await t.ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const auditsOf = (action: string, entityId: string) =>
    t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, action), eq(auditLogs.entityId, entityId)))
      // Oldest first: without an order the database may return them in any order.
      .orderBy(auditLogs.createdAt, auditLogs.seq);

  async function initiate(feeId: string) {
    const started = await call(t, 'student', 'POST', '/payment/initiate', { fee_id: feeId });
    expect(started.statusCode, started.body).toBe(200);
    return started.json().data as { paymentUrl: string; reference: string };
  }

  /** The payer clicks Pay on the hosted checkout; the signed charge.success follows. */
  async function pay(paymentUrl: string) {
    const paid = await fetch(`${paymentUrl}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(302);
    await fake.settled();
  }

  async function paidOnline(feeId: string) {
    const { paymentUrl, reference } = await initiate(feeId);
    await pay(paymentUrl);
    await until(async () => (await paymentOf(reference)).status === 'success');
    return paymentOf(reference);
  }

  async function refund(paymentId: string) {
    const response = await call(t, 'bursar', 'POST', `/payment/${paymentId}/refund`, { reason: 'Paid twice' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Payment;
  }

  const lastRefundId = () => fake.refunds().at(-1)!.id;

  /** The payment as the school's bursar finds it in the payment list, by its reference. */
  async function shownToBursar(reference: string) {
    const listed = await call(t, 'bursar', 'GET', `/payment/all?search=${reference}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const found = (listed.json().data.payments as Payment[]).filter((p) => p.trx_ref === reference);
    expect(found).toHaveLength(1);
    return found[0]!;
  }

  it('a hanging provider never fails a payment: it stays pending, the school is alerted, and a retry settles it', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1000');
    const { paymentUrl, reference } = await initiate(feeId);
    fake.setFault('hang');
    try {
      const result = await runReconcile(later(25 * 60));
      expect(result?.unreachable).toBe(1);
      expect(result?.alerts).toEqual([
        expect.objectContaining({ schoolId: ids.school, method: 'paystack', pending: 1 }),
      ]);
    } finally {
      fake.setFault(null);
    }
    expect((await paymentOf(reference)).status).toBe('pending');
    const alerts = await auditsOf(PROVIDER_UNREACHABLE, ids.school);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.schoolId).toBe(ids.school);

    // Paid while the webhook is lost: only the job's retry can find it.
    fake.setWebhookUrl(undefined);
    try {
      await pay(paymentUrl);
    } finally {
      fake.setWebhookUrl(webhookUrl);
    }
    const result = await runReconcile(later(26 * 60));
    expect(result?.credited).toBe(1);
    expect((await paymentOf(reference)).status).toBe('success');
  }, 40_000);

  it('a 400 "Invalid key" is not "no such transaction": the payment stays pending and the school is alerted', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1000');
    const { reference } = await initiate(feeId);
    const before = (await auditsOf(PROVIDER_UNREACHABLE, ids.school)).length;
    fake.setFault('invalid-key');
    try {
      // Two hours after the hanging pass above alerted the school.
      const result = await runReconcile(later(27 * 60));
      expect(result?.failed).toBe(0);
      expect(result?.unreachable).toBeGreaterThanOrEqual(1);
      // The next pass, still refused, logs it again but does not tell the school twice in an hour.
      const next = await runReconcile(later(27 * 60 + 10));
      expect(next?.alerts).toEqual([expect.objectContaining({ schoolId: ids.school, method: 'paystack' })]);
      // The payer's status check cannot ask either; it says pending rather than failing.
      const status = await call(t, 'student', 'GET', `/payment/${reference}/status`);
      expect(status.statusCode, status.body).toBe(200);
      expect(status.json().data.status).toBe('pending');
    } finally {
      fake.setFault(null);
    }
    expect((await paymentOf(reference)).status).toBe('pending');
    const alerts = await auditsOf(PROVIDER_UNREACHABLE, ids.school);
    expect(alerts).toHaveLength(before + 1);
    expect(alerts.at(-1)!.after).toMatchObject({ method: 'paystack', error: expect.stringContaining('Invalid key') });

    // Once Paystack answers, an abandoned checkout is failed as before.
    const result = await runReconcile(later(25 * 60));
    expect(result?.failed).toBeGreaterThanOrEqual(1);
    expect((await paymentOf(reference)).status).toBe('failed');
  });

  it('a provider that refuses the connection is a provider error (the payment stays pending), not a crash', async () => {
    const closed = createPaystackProvider({ baseUrl: 'http://127.0.0.1:1', secretKey: SCHOOL_KEY });
    const error = await closed.verify('SL-ANY').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).status).toBeUndefined();
  });

  it('fees passed to the payer: Paystack charged more than we asked, and the requested amount is what counts', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '3000');
    fake.setPassFeesToPayer(true);
    try {
      const { paymentUrl, reference } = await initiate(feeId);
      await pay(paymentUrl);
      const charged = fake.transaction(reference)!;
      expect(charged.requestedAmount).toBe(300_000);
      expect(charged.amount).toBeGreaterThan(charged.requestedAmount);
      await until(async () => (await paymentOf(reference)).status === 'success');
      const payment = await paymentOf(reference);
      expect(payment.amountKobo).toBe(300_000n);
      expect(await outstandingOf(t, 'student', feeId)).toBe(0);
    } finally {
      fake.setPassFeesToPayer(false);
    }
  });

  it('a refund stays pending until Paystack says processed; its event, signed with the school key, is answered 200', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1500');
    const original = await paidOnline(feeId);
    const made = await refund(original.id);
    expect(made.status).toBe('pending');
    expect(await outstandingOf(t, 'student', feeId)).toBe(0);
    // Our refund id went to Paystack with the request.
    expect(fake.refunds().at(-1)).toMatchObject({ reference: original.reference, amount: 150_000 });

    const status = await fake.finishRefund(lastRefundId(), 'processed');
    expect(status).toBe(200);
    await until(async () => (await rowById(made._id)).status === 'success');
    expect(await outstandingOf(t, 'student', feeId)).toBe(1500);
    expect(await auditsOf('payment.refund.processed', made._id)).toHaveLength(1);
    const history = await call(t, 'student', 'GET', `/payment/all?fee_id=${feeId}`);
    const shown = history.json().data.payments as Payment[];
    expect(shown.find((p) => p._id === made._id)).toMatchObject({ kind: 'refund', status: 'success' });
  });

  it('a refund Paystack fails is failed, the payment stays paid, and it can be refunded again', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1000');
    const original = await paidOnline(feeId);
    const first = await refund(original.id);
    expect(await fake.finishRefund(lastRefundId(), 'failed')).toBe(200);
    await until(async () => (await rowById(first._id)).status === 'failed');
    expect(await outstandingOf(t, 'student', feeId)).toBe(0);

    const second = await refund(original.id);
    expect(second._id).not.toBe(first._id);
    expect(await fake.finishRefund(lastRefundId(), 'needs-attention')).toBe(200);
    await until(async () => (await auditsOf(REFUND_NEEDS_ATTENTION, original.id)).length === 1);
    expect((await rowById(second._id)).status).toBe('pending');
    expect((await auditsOf(REFUND_NEEDS_ATTENTION, original.id))[0]!.schoolId).toBe(ids.school);
  });

  it('Paystack is asked outside any transaction: while it hangs the payment is not locked, and a lost answer is asked again by the job', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1000');
    const original = await paidOnline(feeId);
    fake.setFault('hang');
    let first: Awaited<ReturnType<typeof call>>;
    try {
      const asking = call(t, 'bursar', 'POST', `/payment/${original.id}/refund`, { reason: 'Paid twice' });
      await until(
        async () => (await t.ctx.db.select().from(payments).where(eq(payments.refundOf, original.id))).length === 1,
      );
      // The refund's request has reached Paystack and hangs there: lifting the fault before it
      // arrived (a busy machine) would have it answered, not released unanswered.
      await until(async () => fake.hangingRequests() === 1);
      // The refund is already recorded, pending, and nothing waits on the original's row.
      const [pending] = await t.ctx.db.select().from(payments).where(eq(payments.refundOf, original.id));
      expect(pending).toMatchObject({ status: 'pending', providerReference: null });
      const locked = await t.ctx.db.transaction(async (tx) =>
        tx.select().from(payments).where(eq(payments.id, original.id)).for('update', { noWait: true }),
      );
      expect(locked).toHaveLength(1);
      const again = await call(t, 'bursar', 'POST', `/payment/${original.id}/refund`, { reason: 'Paid twice' });
      expect(again.statusCode).toBe(409);
      fake.setFault(null);
      first = await asking;
    } finally {
      fake.setFault(null);
    }
    expect(first.statusCode, first.body).toBe(502);
    expect(first.json().message).toBe(
      'The payment provider did not answer. The refund is recorded as pending and will be asked again.',
    );
    expect(fake.refunds().filter((r) => r.reference === original.reference)).toHaveLength(0);

    // The job asks again, then follows the refund until Paystack processes it.
    await runReconcile(later(10));
    const [sent] = await t.ctx.db.select().from(payments).where(eq(payments.refundOf, original.id));
    expect(sent!.status).toBe('pending');
    expect(sent!.providerReference).toBe(String(lastRefundId()));
    fake.setWebhookUrl(undefined);
    try {
      await fake.finishRefund(lastRefundId(), 'processed');
    } finally {
      fake.setWebhookUrl(webhookUrl);
    }
    const result = await runReconcile(later(10));
    expect(result?.refunds).toBe(1);
    expect((await rowById(sent!.id)).status).toBe('success');
    expect(fake.refunds().filter((r) => r.reference === original.reference)).toHaveLength(1);
    expect(await outstandingOf(t, 'student', feeId)).toBe(1000);
  });

  it('a dispute is recorded and flagged; a lost one is a compensating entry, once', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1200');
    const original = await paidOnline(feeId);
    expect(await fake.dispute(original.reference, 'create')).toBe(200);
    await until(async () => (await auditsOf('payment.dispute.open', original.id)).length === 1);
    const [open] = await t.ctx.db.select().from(paymentDisputes).where(eq(paymentDisputes.paymentId, original.id));
    expect(open).toMatchObject({ status: 'open', schoolId: ids.school, provider: 'paystack' });
    const flagged = await shownToBursar(original.reference);
    expect(flagged.dispute).toEqual({
      status: 'open',
      resolution: null,
      openedAt: open!.createdAt.toISOString(),
      resolvedAt: null,
    });
    expect(flagged.status).toBe('success');
    // The Paystack list and an unfiltered one carry it too; another school's bursar sees nothing of it.
    const paystackList = await call(t, 'bursar', 'GET', `/payment/get-paystack?search=${original.reference}`);
    expect(paystackList.json().data.payments[0].dispute).toMatchObject({ status: 'open' });
    const elsewhere = await call(
      t,
      await bursarOf(t, ids.secondSchool),
      'GET',
      `/payment/all?search=${original.reference}`,
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect(elsewhere.json().data.payments).toEqual([]);
    // The bursar's "Disputed" filter: this payment and only disputed ones; the other way, not it.
    const disputed = (await call(t, 'bursar', 'GET', '/payment/all?disputed=true&limit=100')).json().data
      .payments as Payment[];
    expect(disputed.map((p) => p._id)).toContain(original.id);
    expect(disputed.filter((p) => p.dispute === null)).toEqual([]);
    const undisputed = (await call(t, 'bursar', 'GET', '/payment/all?disputed=false&limit=100')).json().data
      .payments as Payment[];
    expect(undisputed.length).toBeGreaterThan(0);
    expect(undisputed.map((p) => p._id)).not.toContain(original.id);
    expect(undisputed.filter((p) => p.dispute !== null)).toEqual([]);
    expect(await fake.dispute(original.reference, 'remind')).toBe(200);
    expect(await outstandingOf(t, 'student', feeId)).toBe(0);

    expect(await fake.dispute(original.reference, 'resolve', 'merchant-accepted')).toBe(200);
    await until(async () => (await auditsOf('payment.dispute.lost', original.id)).length === 1);
    const compensations = (await t.ctx.db.select().from(payments).where(eq(payments.refundOf, original.id))).filter(
      (row) => row.status === 'success',
    );
    expect(compensations).toHaveLength(1);
    expect(compensations[0]).toMatchObject({ kind: 'refund', amountKobo: 120_000n });
    const lost = await shownToBursar(original.reference);
    expect(lost.dispute).toMatchObject({
      status: 'lost',
      resolution: 'merchant-accepted',
      openedAt: open!.createdAt.toISOString(),
      resolvedAt: expect.any(String),
    });
    expect(Date.parse(lost.dispute!.resolvedAt!)).toBeGreaterThanOrEqual(open!.createdAt.getTime());
    expect(await outstandingOf(t, 'student', feeId)).toBe(1200);
    // A replay of the resolution takes nothing more.
    expect(await fake.dispute(original.reference, 'resolve', 'merchant-accepted')).toBe(200);
    await fake.settled();
    expect(await outstandingOf(t, 'student', feeId)).toBe(1200);
  });

  it('a dispute the school won shows as won, with nothing taken back', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1300');
    const original = await paidOnline(feeId);
    expect(await fake.dispute(original.reference, 'create')).toBe(200);
    expect(await fake.dispute(original.reference, 'resolve', 'declined')).toBe(200);
    await until(async () => (await auditsOf('payment.dispute.won', original.id)).length === 1);
    expect((await shownToBursar(original.reference)).dispute).toMatchObject({
      status: 'won',
      resolution: 'declined',
      resolvedAt: expect.any(String),
    });
    expect(await outstandingOf(t, 'student', feeId)).toBe(0);
  });

  it('a signed event for a reference we never issued is answered 200, recorded and ignored', async () => {
    const data = { id: 991_000_001, reference: 'NOT-OURS-1', status: 'success', amount: 500_000, currency: 'NGN' };
    expect(await appWide.sendEvent('charge.success', data, 'NOT-OURS-1')).toBe(200);
    expect(
      await appWide.sendEvent('refund.processed', {
        id: '77',
        transaction_reference: 'NOT-OURS-2',
        status: 'processed',
      }),
    ).toBe(200);
    expect(await appWide.sendEvent('subscription.create', { id: 5, subscription_code: 'SUB_x' })).toBe(200);
    const recorded = await t.ctx.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.reference, 'NOT-OURS-1'));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.schoolId).toBeNull();
    expect(await t.ctx.db.select().from(payments).where(eq(payments.reference, 'NOT-OURS-1'))).toHaveLength(0);
  });

  it("two checkouts for one fee both paid: both are credited, and the second's money becomes the family's credit", async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '2500');
    const first = await initiate(feeId);
    const second = await initiate(feeId);
    await Promise.all([pay(first.paymentUrl), pay(second.paymentUrl)]);
    await until(async () => {
      const statuses = [(await paymentOf(first.reference)).status, (await paymentOf(second.reference)).status];
      return !statuses.includes('pending');
    });
    const rows = [await paymentOf(first.reference), await paymentOf(second.reference)];
    expect(rows.map((row) => row.status)).toEqual(['success', 'success']);
    const moved = await t.ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.feeId, feeId), eq(payments.kind, 'refund')));
    expect(moved.map((row) => [row.amountKobo, row.reason, row.refundOf])).toEqual([
      [250000n, 'Moved to family credit', null],
    ]);
    const reviews = await t.ctx.db.select().from(paymentReviews);
    expect(reviews.filter((review) => rows.some((row) => row.id === review.paymentId))).toEqual([]);
    const credit = await call(t, 'parent', 'GET', '/family-credit');
    expect(credit.json().data.entries[0]).toMatchObject({ kind: 'overpayment', amount: 2500 });
    expect(await outstandingOf(t, 'student', feeId)).toBe(0);
  });
});
