import { type AfricasTalkingFake, startAfricasTalkingFake } from '@schoolledger/provider-fakes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageConsents, messageOutbox, users } from '../src/db/schema.js';
import { demoEmail, useTestApp } from './helper.js';
import { approvedFee, call, loadPaymentIds, type PaymentIds, payCash, until } from './payments-support.js';

/*
 * SMS through Africa's Talking end to end on its local fake: with SMS_PROVIDER=africastalking a
 * parent confirms their phone with a code that arrives through it, agrees to SMS, and a cash
 * payment at the desk puts a receipt in their phone; its unsigned reports, believed only at the
 * callback URL with the secret token, move the message to delivered (or failed), a wrong token is
 * refused, and a reply of STOP ends the agreement.
 */

const AT = { username: 'schoolledger', apiKey: 'atsk_test_key_for_the_api' };
const TOKEN = 'at-callback-token-0123456789abcdef';
const PHONE = '0803 555 0101';
const INTERNATIONAL = '2348035550101';
const AT_NUMBER = `+${INTERNATIONAL}`;

describe("SMS through Africa's Talking", () => {
  let fake: AfricasTalkingFake;
  const env: Record<string, string> = {
    SMS_PROVIDER: 'africastalking',
    AFRICASTALKING_USERNAME: AT.username,
    AFRICASTALKING_API_KEY: AT.apiKey,
    AFRICASTALKING_CALLBACK_TOKEN: TOKEN,
    AFRICASTALKING_SENDER_ID: 'SchoolLedgr',
    // Termii's key is set too: the provider chosen, not the keys present, decides where SMS go.
    TERMII_API_KEY: 'termii-key-not-used',
    TERMII_BASE_URL: 'http://127.0.0.1:9',
  };
  beforeAll(async () => {
    fake = await startAfricasTalkingFake({ ...AT, reportDelayMs: 10 });
    env.AFRICASTALKING_BASE_URL = fake.url;
  });
  afterAll(async () => {
    await fake?.close();
  });
  const t = useTestApp({ env });
  let ids: PaymentIds;
  let base = '';

  // biome-ignore lint/suspicious/noDuplicateTestHooks: must run after useTestApp's hook has built the app
  beforeAll(async () => {
    // The fake delivers its reports over real HTTP, so the app listens on a loopback port.
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    fake.setCallbackUrl(`${base}/api/v1/messaging/africastalking/${TOKEN}/report`);
    fake.setInboundUrl(`${base}/api/v1/messaging/africastalking/${TOKEN}/inbound`);
    ids = await loadPaymentIds(t);
  });

  const smsTo = (phone: string) => fake.messages().filter((message) => message.to === phone);
  const parentId = async () =>
    (
      await t.ctx.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, demoEmail('parent')))
    )[0]!.id;
  const receiptRow = async (amount: string) => {
    const rows = await t.ctx.db
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.userId, await parentId()), eq(messageOutbox.channel, 'sms')));
    return rows.find((row) => row.kind === 'payment_succeeded' && row.body.includes(`NGN ${amount}`));
  };
  const payAndSend = async (amount: string) => {
    const fee = await approvedFee(t, ids.school, ids.term, amount.replace(',', ''));
    await payCash(t, ids.student, fee, amount.replace(',', ''));
    await t.ctx.messages.deliverDue();
  };

  it("a parent confirms their phone with the code Africa's Talking carries, and agrees to SMS", async () => {
    const before = (await call(t, 'parent', 'GET', '/me/phone')).json().data;
    expect(before.channelsAvailable).toEqual(['sms']);

    const sent = await call(t, 'parent', 'POST', '/me/phone/verification', { phone: '+234 803 555 0101' });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.ctx.messages.idle();
    await until(async () => smsTo(AT_NUMBER).length === 1);
    const codeSms = smsTo(AT_NUMBER)[0]!;
    expect(codeSms).toMatchObject({ from: 'SchoolLedgr', bulkSMSMode: '1', enqueue: '1' });
    const code = /code is (\d{6})/.exec(codeSms.message)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const confirmed = await call(t, 'parent', 'POST', '/me/phone/verify', { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const phone = confirmed.json().data;
    expect(phone).toMatchObject({ phone: PHONE, verified: true });
    const agreed = await call(t, 'parent', 'POST', '/me/consents', { channel: 'sms', wording: phone.wording.sms });
    expect(agreed.statusCode, agreed.body).toBe(200);
  });

  it('cash at the desk puts a receipt SMS in the parent’s phone, and the report moves it to delivered', async () => {
    await payAndSend('150,000');
    await until(async () => smsTo(AT_NUMBER).some((message) => message.message.includes('NGN 150,000')));
    const sms = smsTo(AT_NUMBER).find((message) => message.message.includes('NGN 150,000'))!;
    expect(sms.messageId).toMatch(/^ATXid_/);
    expect(sms.message).toContain('Reply STOP to opt out');
    expect(sms.encoding).toBe('GSM-7');

    await until(async () => (await receiptRow('150,000'))?.status === 'delivered');
    const row = (await receiptRow('150,000'))!;
    expect(row).toMatchObject({ provider: 'africastalking', providerMessageId: sms.messageId, status: 'delivered' });
    expect(row.deliveredAt).not.toBeNull();
    // Africa's Talking's reports carry no price: the estimate stands.
    expect(row.costKobo).toBe(row.estimatedCostKobo);
  });

  it('a report or a reply at a wrong token is refused as not found, and changes nothing', async () => {
    const row = (await receiptRow('150,000'))!;
    const forged = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/messaging/africastalking/${token}/report`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          id: row.providerMessageId!,
          status: 'Failed',
          phoneNumber: AT_NUMBER,
          failureReason: 'UserInBlackList',
        }).toString(),
      });
    for (const token of [`${TOKEN.slice(0, -1)}x`, 'short', TOKEN.toUpperCase()]) {
      const refused = await forged(token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({
        success: false,
        message: expect.any(String),
        data: null,
        code: 'MESSAGING_WEBHOOK_SIGNATURE',
      });
    }
    const inbound = await t.app.inject({
      method: 'POST',
      url: '/api/v1/messaging/africastalking/not-the-token/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `from=${encodeURIComponent(AT_NUMBER)}&text=STOP`,
    });
    expect(inbound.statusCode).toBe(404);
    expect((await receiptRow('150,000'))?.status).toBe('delivered');
    const consents = await t.ctx.db
      .select()
      .from(messageConsents)
      .where(eq(messageConsents.userId, await parentId()));
    expect(consents.find((consent) => consent.channel === 'sms')?.withdrawnAt).toBeNull();

    // Signed JSON still reaches Termii's webhook beside the form parser: refused for its signature, not its type.
    const termii = await t.app.inject({
      method: 'POST',
      url: '/api/v1/messaging/termii/webhook',
      headers: { 'content-type': 'application/json', 'x-termii-signature': 'f'.repeat(128) },
      payload: JSON.stringify({ type: 'outbound', message_id: '1', status: 'DELIVERED' }),
    });
    expect(termii.statusCode).toBe(401);
  });

  it("an unreachable handset: Buffered keeps it sent, Failed fails it with Africa's Talking's reason", async () => {
    fake.setNumber(AT_NUMBER, { unreachable: true });
    try {
      await payAndSend('2,500');
      await until(async () => (await receiptRow('2,500'))?.status === 'failed');
      const row = (await receiptRow('2,500'))!;
      expect(smsTo(AT_NUMBER).find((message) => message.messageId === row.providerMessageId)?.history).toEqual([
        { status: 'Sent', at: expect.any(String) },
        { status: 'Buffered', at: expect.any(String) },
        { status: 'Failed', at: expect.any(String) },
      ]);
      expect(row).toMatchObject({ statusReason: 'Failed: DeliveryFailure', errorCode: 'DeliveryFailure' });
      expect(row.failedAt).not.toBeNull();
    } finally {
      fake.setNumber(AT_NUMBER, { unreachable: false });
    }
  });

  it('a number on DND is refused at the send (406 UserInBlacklist): failed at once, never retried', async () => {
    fake.setNumber(AT_NUMBER, { dnd: true });
    try {
      const before = smsTo(AT_NUMBER).length;
      await payAndSend('3,100');
      const row = (await receiptRow('3,100'))!;
      expect(row).toMatchObject({
        status: 'failed',
        errorCode: 'africastalking_406',
        statusReason: "Africa's Talking refused the message: UserInBlacklist",
        nextAttemptAt: null,
      });
      expect(smsTo(AT_NUMBER)).toHaveLength(before);
    } finally {
      fake.setNumber(AT_NUMBER, { dnd: false });
    }
  });

  it('a parent who replies STOP gets no more SMS', async () => {
    const { delivery } = await fake.reply(INTERNATIONAL, 'Stop');
    expect(delivery.httpStatus).toBe(200);
    const consents = await t.ctx.db
      .select()
      .from(messageConsents)
      .where(eq(messageConsents.userId, await parentId()));
    expect(consents.find((consent) => consent.channel === 'sms')?.withdrawnAt).not.toBeNull();
    const phone = (await call(t, 'parent', 'GET', '/me/phone')).json().data;
    expect(phone.consents.filter((consent: { withdrawnAt: string | null }) => consent.withdrawnAt === null)).toEqual(
      [],
    );

    const before = smsTo(AT_NUMBER).length;
    await payAndSend('4,000');
    await fake.settled();
    expect(smsTo(AT_NUMBER)).toHaveLength(before);
  });
});
