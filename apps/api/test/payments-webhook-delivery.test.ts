import { randomUUID } from 'node:crypto';
import { todayIn } from '@schoolledger/domain';
import { type PaystackFake, startPaystackFake } from '@schoolledger/provider-fakes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, paymentWebhookEvents, schools, users } from '../src/db/schema.js';
import { defaultTermOf } from '../src/modules/fees/fees.queries.js';
import { processRecordedWebhooks, recordWebhook } from '../src/modules/payments/online/webhooks.service.js';
import { paystackSignature } from '../src/modules/providers/paystack.js';
import { demoEmail, FIRST_SCHOOL, useTestApp } from './helper.js';
import { payOnProviderPage } from './payments-support.js';

const SECRET = 'sk_test_schoolledger_local';
const PER_ADDRESS = 20;
const PER_PROVIDER = 60;

describe('webhook deliveries', () => {
  let fake: PaystackFake;
  const env: Record<string, string> = {
    PAYSTACK_SECRET_KEY: SECRET,
    RATE_LIMIT_PER_MINUTE: String(PER_ADDRESS),
    WEBHOOK_RATE_LIMIT_PER_MINUTE: String(PER_PROVIDER),
  };
  beforeAll(async () => {
    fake = await startPaystackFake({ secretKey: SECRET });
    env.PAYSTACK_BASE_URL = fake.url;
  });
  afterAll(async () => {
    await fake?.close();
  });
  const t = useTestApp({ env });

  /** A Paystack event signed with the app's key, for a reference no payment has: recorded, settles nothing. */
  function delivery(signature?: string) {
    const body = JSON.stringify({
      event: 'charge.success',
      data: { id: randomUUID(), reference: `unknown-${randomUUID()}` },
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/paystack/webhook',
      remoteAddress: '52.31.139.75',
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': signature ?? paystackSignature(SECRET, body),
      },
      payload: body,
    });
  }

  it('signed deliveries from one address are not held to the per-address limit of people', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < PER_PROVIDER; i++) statuses.push((await delivery()).statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(PER_PROVIDER);
    expect(PER_PROVIDER).toBeGreaterThan(PER_ADDRESS * 2);

    // They have their own budget, per provider: one more in the same minute waits.
    const over = await delivery();
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      success: false,
      message: 'Too many requests. Please wait a moment and try again.',
      data: null,
      code: 'RATE_LIMITED',
    });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('unsigned requests still count against the sender address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < PER_ADDRESS + 5; i++) statuses.push((await delivery('00ff')).statusCode);
    expect(statuses.slice(0, PER_ADDRESS).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(PER_ADDRESS)).toEqual([429, 429, 429, 429, 429]);
  });

  it('a webhook recorded just before a crash is settled at the next start-up', async () => {
    const [school] = await t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
    const term = await defaultTermOf(t.ctx.db, school!.id, todayIn('Africa/Lagos', new Date()));
    const [student] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('student')));
    const admin = await t.as('admin');
    const fee = await t.app.inject({
      method: 'POST',
      url: '/api/v1/fee/create',
      headers: admin,
      payload: {
        term_id: term,
        school_id: school!.id,
        name: `Crash fee ${randomUUID().slice(0, 8)}`,
        description: 'Test',
        type: 'miscellaneous',
        amount: '2500',
        isApproved: true,
      },
    });
    expect(fee.statusCode, fee.body).toBe(200);
    const initiated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/initiate',
      headers: await t.as('student'),
      payload: { fee_id: fee.json().data._id },
    });
    expect(initiated.statusCode, initiated.body).toBe(200);
    const { paymentUrl, reference } = initiated.json().data as { paymentUrl: string; reference: string };
    // The payer pays on the provider's page; its webhook is not delivered by the fake here.
    await payOnProviderPage(paymentUrl);

    // The app acknowledged the webhook (recorded it), then stopped before settling.
    const work = await recordWebhook(t.ctx, {
      provider: 'paystack',
      event: 'charge.success',
      dedupeKey: `paystack:charge.success:${reference}`,
      reference,
      payload: { event: 'charge.success', data: { reference } },
    });
    expect(work).not.toBeNull();
    const [pending] = await t.ctx.db.select().from(payments).where(eq(payments.reference, reference));
    expect(pending!.status).toBe('pending');

    const result = await processRecordedWebhooks(t.ctx);
    expect(result.failed).toBe(0);
    expect(result.processed).toBeGreaterThanOrEqual(1);
    const [credited] = await t.ctx.db.select().from(payments).where(eq(payments.reference, reference));
    expect(credited!.status).toBe('success');
    expect(credited!.studentId).toBe(student!.id);
    const [event] = await t.ctx.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.reference, reference));
    expect(event!.processedAt).not.toBeNull();

    // Nothing is left to do: a second start settles nothing again.
    expect(await processRecordedWebhooks(t.ctx)).toEqual({ processed: 0, failed: 0 });
  });
});
