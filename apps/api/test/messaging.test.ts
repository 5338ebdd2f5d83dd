import { createHmac } from 'node:crypto';
import { startTermiiFake, startWhatsAppFake, type TermiiFake, type WhatsAppFake } from '@schoolledger/provider-fakes';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageConsents, messageOutbox, messageReportBacklog, users } from '../src/db/schema.js';
import { applyHeldReports, applyProviderReport, recoverInterrupted } from '../src/modules/messaging/reports.service.js';
import { WHATSAPP_TEMPLATES } from '../src/modules/messaging/whatsapp-templates.js';
import { demoEmail, useTestApp } from './helper.js';
import { approvedFee, call, loadPaymentIds, type PaymentIds, payCash, until } from './payments-support.js';

/*
 * SMS and WhatsApp end to end on the local Termii and WhatsApp Cloud API: a parent confirms their
 * phone with a code that arrives by SMS, agrees to both channels, and a cash payment at the desk
 * puts a receipt in their phone on each; the providers' signed reports move each message on, a
 * reply of STOP ends the agreement, and WhatsApp's refusal falls back to SMS.
 */

const TERMII = { apiKey: 'termii-test-key', secretKey: 'termii-test-secret' };
const WHATSAPP = {
  token: 'wa-test-token',
  appSecret: 'wa-test-app-secret',
  phoneNumberId: '1098765432',
  verifyToken: 'wa-verify',
};
const PHONE = '0803 555 0101';
const INTERNATIONAL = '2348035550101';

describe('SMS and WhatsApp messages', () => {
  let termii: TermiiFake;
  let whatsapp: WhatsAppFake;
  const env: Record<string, string> = {
    TERMII_API_KEY: TERMII.apiKey,
    TERMII_SECRET_KEY: TERMII.secretKey,
    WHATSAPP_TOKEN: WHATSAPP.token,
    WHATSAPP_PHONE_NUMBER_ID: WHATSAPP.phoneNumberId,
    WHATSAPP_APP_SECRET: WHATSAPP.appSecret,
    WHATSAPP_VERIFY_TOKEN: WHATSAPP.verifyToken,
  };
  beforeAll(async () => {
    termii = await startTermiiFake({ ...TERMII, reportDelayMs: 10, senderIds: ['SchoolLedgr', 'Crestview'] });
    whatsapp = await startWhatsAppFake({
      ...WHATSAPP,
      eventDelayMs: 10,
      templates: Object.entries(WHATSAPP_TEMPLATES).map(([name, template]) => ({
        name,
        language: 'en',
        category: template.category,
        bodyParams: (template.body.match(/\{\{\d\}\}/g) ?? []).length,
        headerDocument: template.document,
      })),
    });
    env.TERMII_BASE_URL = termii.url;
    env.WHATSAPP_GRAPH_URL = whatsapp.graphUrl;
  });
  afterAll(async () => {
    await termii?.close();
    await whatsapp?.close();
  });
  const t = useTestApp({ env });
  let ids: PaymentIds;

  // biome-ignore lint/suspicious/noDuplicateTestHooks: must run after useTestApp's hook has built the app
  beforeAll(async () => {
    // The fakes deliver their reports over real HTTP, so the app listens on a loopback port.
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    termii.setWebhookUrl(`${address}/api/v1/messaging/termii/webhook`);
    await whatsapp.setWebhookUrl(`${address}/api/v1/messaging/whatsapp/webhook`);
    ids = await loadPaymentIds(t);
  });

  const smsTo = (phone: string) => termii.messages().filter((message) => message.to === phone);
  const whatsAppTo = (phone: string) => whatsapp.messages().filter((message) => message.to === phone);
  /** The person's SMS and WhatsApp messages (their emails share the outbox). */
  const outboxOf = async (userId: string) =>
    t.ctx.db
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.userId, userId), ne(messageOutbox.channel, 'email')));

  it('a parent confirms their phone with the code sent by SMS, and agrees to SMS and WhatsApp in the words shown', async () => {
    const before = await call(t, 'parent', 'GET', '/me/phone');
    expect(before.json().data).toMatchObject({
      verified: false,
      wording: null,
      channelsAvailable: ['sms', 'whatsapp'],
    });

    const sent = await call(t, 'parent', 'POST', '/me/phone/verification', { phone: '+234 803 555 0101' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe(`We sent a code to ${PHONE}`);
    await t.ctx.messages.idle();
    await until(async () => smsTo(INTERNATIONAL).length === 1);
    const code = /code is (\d{6})/.exec(smsTo(INTERNATIONAL)[0]!.sms)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await call(t, 'parent', 'POST', '/me/phone/verify', {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'PHONE_CODE_WRONG' });

    const confirmed = await call(t, 'parent', 'POST', '/me/phone/verify', { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const phone = confirmed.json().data;
    expect(phone).toMatchObject({ phone: PHONE, verified: true });
    expect(phone.wording.sms).toContain(PHONE);

    const changed = await call(t, 'parent', 'POST', '/me/consents', { channel: 'sms', wording: 'I agree to anything' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'CONSENT_WORDING_CHANGED' });
    for (const channel of ['sms', 'whatsapp'] as const) {
      const agreed = await call(t, 'parent', 'POST', '/me/consents', { channel, wording: phone.wording[channel] });
      expect(agreed.statusCode, agreed.body).toBe(200);
    }
    const after = (await call(t, 'parent', 'GET', '/me/phone')).json().data;
    expect(
      after.consents.map((consent: { channel: string; withdrawnAt: string | null }) => [
        consent.channel,
        consent.withdrawnAt,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['sms', null],
        ['whatsapp', null],
      ]),
    );
  });

  it('cash at the desk puts a receipt in the parent’s phone by SMS and WhatsApp, and the reports move each to delivered', async () => {
    const fee = await approvedFee(t, ids.school, ids.term, '150000');
    const paid = await payCash(t, ids.student, fee, '150000');
    const receiptNo = paid.receiptNo;
    expect(receiptNo).toMatch(/^CVC-\d{4}-\d{6}$/);
    await t.ctx.messages.deliverDue();
    await until(async () => smsTo(INTERNATIONAL).some((message) => message.sms.includes('NGN 150,000')));
    const sms = smsTo(INTERNATIONAL).find((message) => message.sms.includes('NGN 150,000'))!;
    expect(sms.encoding).toBe('GSM-7');
    expect(sms.pages).toBe(1);
    expect(sms.channel).toBe('dnd');
    expect(sms.sms).toContain(String(receiptNo));
    expect(sms.sms).toContain('Reply STOP to opt out');

    await until(async () => whatsAppTo(INTERNATIONAL).some((message) => message.template?.name === 'fee_receipt'));
    const receipt = whatsAppTo(INTERNATIONAL).find((message) => message.template?.name === 'fee_receipt')!;
    expect(receipt.template!.params).toEqual(expect.arrayContaining(['₦150,000.00', String(receiptNo)]));
    const link = receipt.template!.headerDocument!.link;
    expect(link).toMatch(/\/m\/[a-z2-9]{12}$/);
    expect(sms.sms).toContain(link);

    const pdf = await t.app.inject({ method: 'GET', url: new URL(link).pathname });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const parent = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('parent')));
    // Termii reports Sent then Delivered; WhatsApp sent, delivered, then read (the parent reads receipts).
    const stateOf = async () =>
      (await outboxOf(parent[0]!.id))
        .filter((row) => row.kind === 'payment_succeeded')
        .map((row) => `${row.channel}:${row.status}`)
        .sort();
    await until(async () => (await stateOf()).join() === 'sms:delivered,whatsapp:read', 15_000);
    const listed = await call(t, 'admin', 'GET', `/messages?schoolId=${ids.school}`);
    expect(listed.statusCode, listed.body).toBe(200);
    type Listed = { kind: string; channel: string; status: string; to: string; subject: string | null };
    const mine = (
      listed.json().data.items as (Listed & { recipient: { id: string } | null; deliveredAt: string | null })[]
    )
      .filter((item) => item.kind === 'payment_succeeded' && item.recipient?.id === parent[0]!.id)
      .sort((a, b) => a.channel.localeCompare(b.channel));
    // One outbox: the receipt's email (no SMTP server here, so it waits) beside its SMS and WhatsApp message.
    expect(mine.map((item) => `${item.channel}:${item.status}`)).toEqual([
      'email:queued',
      'sms:delivered',
      'whatsapp:read',
    ]);
    expect(mine[0]!.subject).toMatch(/^Payment Confirmation - /);
    expect(mine.map((item) => item.deliveredAt !== null)).toEqual([false, true, true]);
    // The bursar sees whom it went to, not the whole number or address.
    const byBursar = await call(t, 'bursar', 'GET', `/messages?schoolId=${ids.school}&channel=sms`);
    expect(byBursar.json().data.items[0].to).toBe('0803 *** 0101');
    const emailsByBursar = await call(t, 'bursar', 'GET', `/messages?schoolId=${ids.school}&channel=email`);
    const toParent = (emailsByBursar.json().data.items as Listed[]).find((item) => item.kind === 'payment_succeeded');
    expect(toParent?.to).toMatch(/^[a-z]•••@/);
  });

  it('refuses reports that are not signed by the provider', async () => {
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/messaging/termii/webhook',
      headers: { 'content-type': 'application/json', 'x-termii-signature': 'f'.repeat(128) },
      payload: JSON.stringify({ type: 'outbound', message_id: '1', status: 'DELIVERED' }),
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'MESSAGING_WEBHOOK_SIGNATURE' });
    const handshake = await t.app.inject({
      method: 'GET',
      url: '/api/v1/messaging/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=123',
    });
    expect(handshake.statusCode).toBe(403);
  });

  /** A receipt's SMS to the demo parent, as a sender left it. */
  async function aReceiptSms(
    values: Pick<typeof messageOutbox.$inferInsert, 'noticeKey' | 'body' | 'status'> &
      Partial<typeof messageOutbox.$inferInsert>,
  ) {
    const [parent] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('parent')));
    const [row] = await t.ctx.db
      .insert(messageOutbox)
      .values({
        schoolId: ids.school,
        userId: parent!.id,
        channel: 'sms',
        kind: 'payment_succeeded',
        toAddress: INTERNATIONAL,
        ...values,
      })
      .returning();
    return row!;
  }

  it('a report that overtakes the answer to its send is held, and applied once the send is recorded', async () => {
    const body = JSON.stringify({
      type: 'outbound',
      id: 'r1',
      message_id: '900000000000000000000000001',
      receiver: INTERNATIONAL,
      status: 'DELIVERED',
      cost: 6.5,
    });
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/v1/messaging/termii/webhook',
      headers: {
        'content-type': 'application/json',
        'x-termii-signature': createHmac('sha512', TERMII.secretKey).update(body).digest('hex'),
      },
      payload: body,
    });
    expect(early.statusCode, early.body).toBe(200);
    const row = await aReceiptSms({
      noticeKey: 'receipt:overtaken',
      body: 'Overtaken',
      status: 'sent',
      provider: 'termii',
      providerMessageId: '900000000000000000000000001',
      costKobo: 700n,
      sentAt: new Date(),
    });
    await applyHeldReports(
      { db: t.ctx.db, clock: t.ctx.clock, fallBack: t.ctx.messages.fallBack },
      { provider: 'termii', providerMessageId: '900000000000000000000000001' },
    );
    const [after] = await t.ctx.db.select().from(messageOutbox).where(eq(messageOutbox.id, row.id));
    expect(after).toMatchObject({ status: 'delivered', costKobo: 650n });
  });

  it('a report held just after the sender took the held ones is applied all the same', async () => {
    const row = await aReceiptSms({ noticeKey: 'receipt:raced', body: 'Raced', status: 'sending' });
    const providerMessageId = '900000000000000000000000002';
    const deps = { db: t.ctx.db, clock: t.ctx.clock, fallBack: t.ctx.messages.fallBack };
    // Between the report's look for its message and its hold, the sender records the provider's
    // id and takes what is held for it: nothing yet.
    let senderStepped = false;
    const racing = new Proxy(t.ctx.db, {
      get(target, prop, receiver) {
        if (prop !== 'insert') return Reflect.get(target, prop, receiver);
        return (table: Parameters<typeof target.insert>[0]) => ({
          values: async (values: never) => {
            if (table === messageReportBacklog && !senderStepped) {
              senderStepped = true;
              await target
                .update(messageOutbox)
                .set({ status: 'sent', provider: 'termii', providerMessageId, costKobo: 700n, sentAt: new Date() })
                .where(eq(messageOutbox.id, row.id));
              await applyHeldReports(deps, { provider: 'termii', providerMessageId });
            }
            return target.insert(table).values(values);
          },
        });
      },
    });
    await applyProviderReport(
      { ...deps, db: racing },
      { provider: 'termii', providerMessageId, status: 'delivered', at: new Date(), costKobo: 650n },
    );
    expect(senderStepped).toBe(true);
    const [after] = await t.ctx.db.select().from(messageOutbox).where(eq(messageOutbox.id, row.id));
    expect(after).toMatchObject({ status: 'delivered', costKobo: 650n });
    const stillHeld = await t.ctx.db
      .select()
      .from(messageReportBacklog)
      .where(eq(messageReportBacklog.providerMessageId, providerMessageId));
    expect(stillHeld).toEqual([]);
  });

  it('a send cut short by a crash is neither lost nor sent twice: the provider’s report finds it, or it goes once more', async () => {
    const crashed = (noticeKey: string, body: string) =>
      aReceiptSms({
        noticeKey,
        body,
        status: 'sending',
        attempts: 1,
        // The claim of a sender that was killed has run out.
        nextAttemptAt: new Date(Date.now() - 1000),
      });
    const signedReport = async (messageId: string, body: string) => {
      const payload = JSON.stringify({
        type: 'outbound',
        id: `r-${messageId}`,
        message_id: messageId,
        receiver: INTERNATIONAL,
        message: body,
        status: 'DELIVERED',
        cost: 6.5,
      });
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/messaging/termii/webhook',
        headers: {
          'content-type': 'application/json',
          'x-termii-signature': createHmac('sha512', TERMII.secretKey).update(payload).digest('hex'),
        },
        payload,
      });
    };
    const { userId } = await crashed(
      'receipt:crash-taken',
      'Crestview College: NGN 1,111 received. Receipt CVC-2026-990001',
    );
    await crashed('receipt:crash-early', 'Crestview College: NGN 2,222 received. Receipt CVC-2026-990002');
    await crashed('receipt:crash-lost', 'Crestview College: NGN 3,333 received. Receipt CVC-2026-990003');
    // Termii took the second before the crash, and its report came before anyone knew the message.
    expect(
      (
        await signedReport(
          '900000000000000000000000012',
          'Crestview College: NGN 2,222 received. Receipt CVC-2026-990002',
        )
      ).statusCode,
    ).toBe(200);
    const recheckNow = { db: t.ctx.db, clock: t.ctx.clock, fallBack: t.ctx.messages.fallBack };
    expect(await recoverInterrupted(recheckNow, new Date(Date.now() + 60_000))).toBe(3);
    // The first's report comes after the restart.
    expect(
      (
        await signedReport(
          '900000000000000000000000011',
          'Crestview College: NGN 1,111 received. Receipt CVC-2026-990001',
        )
      ).statusCode,
    ).toBe(200);
    const byKey = async () =>
      Object.fromEntries(
        (await outboxOf(userId!))
          .filter((row) => row.noticeKey.startsWith('receipt:crash-'))
          .map((row) => [row.noticeKey, `${row.status}:${row.providerMessageId ?? '-'}`]),
      );
    expect(await byKey()).toEqual({
      'receipt:crash-taken': 'delivered:900000000000000000000000011',
      'receipt:crash-early': 'delivered:900000000000000000000000012',
      'receipt:crash-lost': 'interrupted:-',
    });
    // No report named the third: once its wait is over it goes, once.
    await t.ctx.db
      .update(messageOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(messageOutbox.noticeKey, 'receipt:crash-lost'));
    await t.ctx.messages.deliverDue();
    await until(async () => (await byKey())['receipt:crash-lost']!.startsWith('delivered'));
    expect(smsTo(INTERNATIONAL).filter((message) => message.sms.includes('CVC-2026-990003'))).toHaveLength(1);
    expect(smsTo(INTERNATIONAL).filter((message) => /CVC-2026-99000[12]/.test(message.sms))).toHaveLength(0);
  });

  it('a parent who replies STOP gets no more SMS; their WhatsApp agreement stands', async () => {
    termii.reply(INTERNATIONAL, 'stop');
    const [parent] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('parent')));
    await until(async () => {
      const rows = await t.ctx.db.select().from(messageConsents).where(eq(messageConsents.userId, parent!.id));
      return rows.some((row) => row.channel === 'sms' && row.withdrawnAt !== null);
    });
    const phone = (await call(t, 'parent', 'GET', '/me/phone')).json().data;
    const live = phone.consents.filter((consent: { withdrawnAt: string | null }) => consent.withdrawnAt === null);
    expect(live.map((consent: { channel: string }) => consent.channel)).toEqual(['whatsapp']);

    const smsBefore = smsTo(INTERNATIONAL).length;
    const fee = await approvedFee(t, ids.school, ids.term, '2000');
    await payCash(t, ids.student, fee, '2000');
    await t.ctx.messages.deliverDue();
    await until(async () =>
      whatsAppTo(INTERNATIONAL).some((message) => message.template?.params.includes('₦2,000.00')),
    );
    expect(smsTo(INTERNATIONAL)).toHaveLength(smsBefore);
  });

  it('a school saves its settings, refused in words an administrator reads; a spent SMS budget stops reminders, never receipts', async () => {
    const settings = (await call(t, 'admin', 'GET', `/schools/${ids.school}/messaging-settings`)).json().data;
    expect(settings.channels.payment_reminder).toEqual({ sms: true, whatsapp: false });
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/schools/${ids.school}/messaging-settings`,
      headers: await t.as('admin'),
      payload: {
        channels: settings.channels,
        monthlyBudgetNaira: { sms: '1', whatsapp: null },
        quietHours: null,
        smsSenderId: 'Crestview',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.monthlyBudgetKobo).toEqual({ sms: '100', whatsapp: null });
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/schools/${ids.school}/messaging-settings`,
      headers: await t.as('admin'),
      payload: { ...saved.json().data, monthlyBudgetNaira: { sms: null, whatsapp: null }, smsSenderId: 'x' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'smsSenderId', message: 'Sender ID must be 3 to 11 letters or digits' }),
      ]),
    );
    const byBursar = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/schools/${ids.school}/messaging-settings`,
      headers: await t.as('bursar'),
      payload: { ...saved.json().data, monthlyBudgetNaira: { sms: null, whatsapp: null } },
    });
    expect(byBursar.statusCode).toBe(403);

    // The parent turns SMS back on; a reminder (₦7 a page) passes the ₦1 budget, a receipt does not stop at it.
    const wording = (await call(t, 'parent', 'GET', '/me/phone')).json().data.wording.sms;
    expect((await call(t, 'parent', 'POST', '/me/consents', { channel: 'sms', wording })).statusCode).toBe(200);
    const [parent] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('parent')));
    await t.ctx.db.insert(messageOutbox).values({
      schoolId: ids.school,
      userId: parent!.id,
      channel: 'sms',
      kind: 'payment_reminder',
      noticeKey: 'reminder:budget-test',
      toAddress: INTERNATIONAL,
      body: 'Crestview College: NGN 5,000 in fees outstanding. Reply STOP to opt out',
      estimatedCostKobo: 700n,
      nextAttemptAt: new Date(),
    });
    const fee = await approvedFee(t, ids.school, ids.term, '3000');
    await payCash(t, ids.student, fee, '3000');
    await t.ctx.messages.deliverDue();
    const rows = await outboxOf(parent!.id);
    expect(rows.find((row) => row.noticeKey === 'reminder:budget-test')).toMatchObject({
      status: 'skipped',
      statusReason: "The school's monthly SMS budget is spent",
    });
    await until(async () => smsTo(INTERNATIONAL).some((message) => message.sms.includes('NGN 3,000')));
    expect(smsTo(INTERNATIONAL).find((message) => message.sms.includes('NGN 3,000'))!.from).toBe('Crestview');
  });

  it('an announcement shows its phone messages, cost and budget before it is sent, then reaches the phone once', async () => {
    const current = (await call(t, 'admin', 'GET', `/schools/${ids.school}/messaging-settings`)).json().data;
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/schools/${ids.school}/messaging-settings`,
      headers: await t.as('admin'),
      payload: {
        channels: { ...current.channels, system: { sms: true, whatsapp: false } },
        monthlyBudgetNaira: { sms: '1', whatsapp: null },
        quietHours: null,
        smsSenderId: '',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const announcement = {
      schoolId: ids.school,
      role: 'Parent',
      title: 'Sports day',
      message: 'Inter-house sports hold on Friday at 10am. Parents are welcome.',
      type: 'info',
    };
    const preview = await call(t, 'principal', 'POST', '/notification/bulk/preview', announcement);
    expect(preview.statusCode, preview.body).toBe(200);
    // Only the parent who agreed to SMS is counted; the ₦1 budget is long spent.
    expect(preview.json().data).toMatchObject({
      families: 1,
      messages: { sms: 1, whatsapp: 0 },
      pages: 1,
      estimatedCostKobo: { sms: '700', whatsapp: '0' },
      budgetLeftKobo: { sms: '0', whatsapp: null },
      heldForQuietHoursUntil: null,
      overBudget: true,
    });
    // Nothing was sent by the preview.
    expect(smsTo(INTERNATIONAL).some((message) => message.sms.includes('Sports day'))).toBe(false);

    const raised = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/schools/${ids.school}/messaging-settings`,
      headers: await t.as('admin'),
      payload: { ...saved.json().data, monthlyBudgetNaira: { sms: null, whatsapp: null } },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect((await call(t, 'principal', 'POST', '/notification/bulk', announcement)).statusCode).toBe(200);
    await t.ctx.messages.deliverDue();
    await until(async () => smsTo(INTERNATIONAL).some((message) => message.sms.includes('Sports day')));
    expect(smsTo(INTERNATIONAL).filter((message) => message.sms.includes('Sports day'))[0]!.sms).toBe(
      'Crestview College, Ikeja: Sports day. Inter-house sports hold on Friday at 10am. Parents are welcome. Reply STOP to opt out',
    );
  });
});
