import { type FlutterwaveFake, startFlutterwaveFake } from '@schoolledger/provider-fakes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../src/db/schema.js';
import { runReconcile } from '../src/modules/payments/online/reconcile.job.js';
import { useTestApp } from './helper.js';
import {
  approvedFee,
  call,
  creditsOf,
  loadPaymentIds,
  outstandingOf,
  type PaymentIds,
  processedEventsOf,
  until,
} from './payments-support.js';

const SECRET = 'FLWSECK_TEST-schoolledger00000000000000-X';
const HASH = 'schoolledger-local-hash';

/**
 * Flutterwave makes one transaction per attempt under a tx_ref: a declined card, then the retry
 * that pays, in the same checkout. And its newer `flutterwave-signature` header.
 */
describe('Flutterwave: several attempts under one tx_ref', () => {
  let fake: FlutterwaveFake;
  const env: Record<string, string> = { FLUTTERWAVE_SECRET_KEY: SECRET, FLUTTERWAVE_SECRET_HASH: HASH };
  beforeAll(async () => {
    fake = await startFlutterwaveFake({ secretKey: SECRET, secretHash: HASH });
    env.FLUTTERWAVE_BASE_URL = fake.baseUrl;
  });
  const t = useTestApp({ env });
  let ids: PaymentIds;
  let webhookUrl = '';

  // biome-ignore lint/suspicious/noDuplicateTestHooks: must run after useTestApp's hook has built the app
  beforeAll(async () => {
    ids = await loadPaymentIds(t);
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    webhookUrl = `${address}/api/v1/payment/flutterwave/webhook`;
    fake.setWebhookUrl(webhookUrl);
  });
  afterAll(async () => {
    await fake?.close();
  });

  const paymentOf = async (reference: string) =>
    (await t.ctx.db.select().from(payments).where(eq(payments.reference, reference)))[0]!;

  async function initiate(feeId: string) {
    const response = await call(t, 'student', 'POST', '/payment/initiate', {
      fee_id: feeId,
      payment_method: 'flutterwave',
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { paymentUrl: string; reference: string };
  }

  async function checkout(paymentUrl: string, action: 'pay' | 'fail') {
    const response = await fetch(`${paymentUrl}/${action}`, { method: 'POST', redirect: 'manual' });
    await fake.settled();
    return response;
  }

  it('a declined card then a paid retry: the failed attempt leaves it pending, the paid one credits once', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1000');
    const { paymentUrl, reference } = await initiate(feeId);
    expect((await checkout(paymentUrl, 'fail')).status).toBe(200);
    await until(async () => (await processedEventsOf(t, reference)) === 1);
    expect((await paymentOf(reference)).status).toBe('pending');

    expect((await checkout(paymentUrl, 'pay')).status).toBe(302);
    const attempts = fake.transaction(reference)!.attempts;
    expect(attempts.map((a) => a.status)).toEqual(['failed', 'successful']);
    await until(async () => (await paymentOf(reference)).status === 'success');
    const payment = await paymentOf(reference);
    // The transaction that paid, not the first one under the tx_ref.
    expect(payment.providerId).toBe(String(attempts[1]!.id));
    expect(await creditsOf(t, payment.id)).toBe(1);
    expect(await outstandingOf(t, 'student', feeId)).toBe(0);
  });

  it('the redirect names the paid attempt by transaction_id, and that is what is verified', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1000');
    const { paymentUrl, reference } = await initiate(feeId);
    fake.setWebhookUrl(undefined);
    try {
      await checkout(paymentUrl, 'fail');
      const paid = await checkout(paymentUrl, 'pay');
      const location = new URL(paid.headers.get('location')!);
      const transactionId = location.searchParams.get('transaction_id');
      expect(transactionId).toBe(String(fake.transaction(reference)!.attempts[1]!.id));
      const back = await t.app.inject({ method: 'GET', url: `${location.pathname}${location.search}` });
      expect(back.statusCode).toBe(302);
    } finally {
      fake.setWebhookUrl(webhookUrl);
    }
    const payment = await paymentOf(reference);
    expect(payment.status).toBe('success');
    expect(payment.providerId).toBe(String(fake.transaction(reference)!.attempts[1]!.id));
  });

  it('a failed payment whose retry was paid while the webhook was lost is credited by the reconciliation job', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1000');
    const { paymentUrl, reference } = await initiate(feeId);
    await checkout(paymentUrl, 'fail');
    await until(async () => (await processedEventsOf(t, reference)) === 1);
    // A failed payment (as an older release left it, or Paystack's answer) is still looked at by the job.
    await t.ctx.db.update(payments).set({ status: 'failed' }).where(eq(payments.reference, reference));
    fake.setWebhookUrl(undefined);
    try {
      await checkout(paymentUrl, 'pay');
    } finally {
      fake.setWebhookUrl(webhookUrl);
    }
    const result = await runReconcile({ ...t.ctx, clock: () => new Date(Date.now() + 10 * 60_000) });
    expect(result?.credited).toBeGreaterThanOrEqual(1);
    const payment = await paymentOf(reference);
    expect(payment.status).toBe('success');
    expect(await creditsOf(t, payment.id)).toBe(1);
  });

  it('a checkout whose every attempt failed is failed by the job once its session is over', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1000');
    const { paymentUrl, reference } = await initiate(feeId);
    await checkout(paymentUrl, 'fail');
    await checkout(paymentUrl, 'fail');
    await until(async () => (await processedEventsOf(t, reference)) === 2);
    expect((await paymentOf(reference)).status).toBe('pending');
    await runReconcile({ ...t.ctx, clock: () => new Date(Date.now() + 25 * 60 * 60_000) });
    expect((await paymentOf(reference)).status).toBe('failed');
  });

  it('accepts the flutterwave-signature header (HMAC of the body with the secret hash) and refuses a wrong one', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1000');
    const { paymentUrl, reference } = await initiate(feeId);
    fake.setSignatureStyle('flutterwave-signature');
    try {
      await checkout(paymentUrl, 'pay');
      expect(fake.deliveries.filter((d) => d.txRef === reference).map((d) => d.status)).toEqual([200]);
      await until(async () => (await paymentOf(reference)).status === 'success');
      const forged = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'flutterwave-signature': 'bm90LWEtc2lnbmF0dXJl' },
        body: JSON.stringify({ event: 'charge.completed', data: { id: 1, tx_ref: reference, status: 'successful' } }),
      });
      expect(forged.status).toBe(401);
    } finally {
      fake.setSignatureStyle('verif-hash');
    }
  });
});
