import { NOTIFICATION_KINDS } from '@schoolledger/domain';
import { startTermiiFake, startWhatsAppFake, type TermiiFake, type WhatsAppFake } from '@schoolledger/provider-fakes';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, messageOutbox, notifications, users } from '../src/db/schema.js';
import { WHATSAPP_TEMPLATES } from '../src/modules/messaging/whatsapp-templates.js';
import { demoEmail, useTestApp } from './helper.js';
import { approvedFee, call, loadPaymentIds, type PaymentIds, payCash, until } from './payments-support.js';

/*
 * SMS and WhatsApp chosen per kind of notice and per person: the parent of messaging.test.ts
 * confirms their phone and agrees to both channels, then turns WhatsApp off for receipts and SMS
 * off for reminders; the cash receipt comes by SMS only, and a reminder sends no SMS.
 */

const TERMII = { apiKey: 'termii-test-key', secretKey: 'termii-test-secret' };
const WHATSAPP = {
  token: 'wa-test-token',
  appSecret: 'wa-test-app-secret',
  phoneNumberId: '1098765432',
  verifyToken: 'wa-verify',
};
const INTERNATIONAL = '2348035550101';

interface Preference {
  kind: string;
  inApp: boolean;
  email: boolean;
  sms?: boolean;
  whatsapp?: boolean;
}

describe('SMS and WhatsApp chosen per kind and per person', () => {
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
  let parentId: string;

  // biome-ignore lint/suspicious/noDuplicateTestHooks: must run after useTestApp's hook has built the app
  beforeAll(async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    termii.setWebhookUrl(`${address}/api/v1/messaging/termii/webhook`);
    await whatsapp.setWebhookUrl(`${address}/api/v1/messaging/whatsapp/webhook`);
    ids = await loadPaymentIds(t);
    const [parent] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('parent')));
    parentId = parent!.id;
  });

  const smsTo = (phone: string) => termii.messages().filter((message) => message.to === phone);
  const whatsAppTo = (phone: string) => whatsapp.messages().filter((message) => message.to === phone);
  const outboxOf = async (kind: string) =>
    (
      await t.ctx.db
        .select()
        .from(messageOutbox)
        .where(
          and(eq(messageOutbox.userId, parentId), eq(messageOutbox.kind, kind), ne(messageOutbox.channel, 'email')),
        )
    ).map((row) => ({ channel: row.channel, noticeKey: row.noticeKey, fallbackBody: row.fallbackBody }));
  const preferencesOf = async () =>
    (await call(t, 'parent', 'GET', '/notification/preferences')).json().data.preferences as Preference[];
  const save = async (preferences: Preference[]) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/notification/preferences',
      headers: await t.as('parent'),
      payload: { preferences },
    });
  const of = (preferences: Preference[], kind: string) => preferences.find((each) => each.kind === kind);

  it('the parent confirms their phone and agrees to SMS and WhatsApp', async () => {
    const sent = await call(t, 'parent', 'POST', '/me/phone/verification', { phone: '+234 803 555 0101' });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.ctx.messages.idle();
    await until(async () => smsTo(INTERNATIONAL).length === 1);
    const code = /code is (\d{6})/.exec(smsTo(INTERNATIONAL)[0]!.sms)?.[1];
    const confirmed = await call(t, 'parent', 'POST', '/me/phone/verify', { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { wording } = confirmed.json().data;
    for (const channel of ['sms', 'whatsapp'] as const) {
      const agreed = await call(t, 'parent', 'POST', '/me/consents', { channel, wording: wording[channel] });
      expect(agreed.statusCode, agreed.body).toBe(200);
    }
  });

  it('preferences answer SMS and WhatsApp for the kinds phones carry only, save them, audit them and refuse them elsewhere', async () => {
    const initial = await preferencesOf();
    expect(initial).toHaveLength(NOTIFICATION_KINDS.length);
    expect(of(initial, 'payment_succeeded')).toEqual({
      kind: 'payment_succeeded',
      inApp: true,
      email: true,
      sms: true,
      whatsapp: true,
    });
    // No phone carries a failed payment: no switches for it.
    expect(of(initial, 'payment_failed')).toEqual({ kind: 'payment_failed', inApp: true, email: true });

    const saved = await save([
      { kind: 'payment_succeeded', inApp: true, email: true, sms: true, whatsapp: false },
      { kind: 'payment_reminder', inApp: true, email: true, sms: false },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const answered = saved.json().data.preferences as Preference[];
    expect(of(answered, 'payment_succeeded')).toMatchObject({ sms: true, whatsapp: false });
    // WhatsApp left out of the save: it stays as it was.
    expect(of(answered, 'payment_reminder')).toMatchObject({ sms: false, whatsapp: true });
    expect(await preferencesOf()).toEqual(answered);

    const [audit] = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'notification_preferences'), eq(auditLogs.entityId, parentId)));
    expect(audit).toMatchObject({ action: 'update' });
    expect(audit?.after).toEqual([
      { kind: 'payment_succeeded', inApp: true, email: true, sms: true, whatsapp: false },
      { kind: 'payment_reminder', inApp: true, email: true, sms: false },
    ]);

    const refused = await save([{ kind: 'payment_failed', inApp: true, email: true, sms: false }]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      { field: 'preferences.0', message: 'Payment failed notices are not sent by SMS or WhatsApp' },
    ]);
    expect(await preferencesOf()).toEqual(answered);
  });

  it('with WhatsApp off for receipts, cash at the desk sends the receipt by SMS only', async () => {
    const fee = await approvedFee(t, ids.school, ids.term, '4500');
    const paid = await payCash(t, ids.student, fee, '4500');
    expect(await outboxOf('payment_succeeded')).toEqual([
      { channel: 'sms', noticeKey: `receipt:${paid._id}`, fallbackBody: null },
    ]);
    await t.ctx.messages.deliverDue();
    await until(async () => smsTo(INTERNATIONAL).some((message) => message.sms.includes(paid.receiptNo)));
    expect(whatsAppTo(INTERNATIONAL)).toEqual([]);
  });

  it('with SMS off for reminders, a reminder sends no SMS (nor WhatsApp, which the school does not send them on); turned back on, it does', async () => {
    const fee = await approvedFee(t, ids.school, ids.term, '7000');
    const remind = async () => {
      const created = await call(t, 'bursar', 'POST', '/notification/payment-reminder', {
        feeId: fee,
        studentId: ids.student,
      });
      expect(created.statusCode, created.body).toBe(200);
      const toParent = (created.json().data as { _id: string; recipientId: string }[]).find(
        (reminder) => reminder.recipientId === parentId,
      )!;
      const sent = await call(t, 'bursar', 'POST', `/notification/payment-reminder/${toParent._id}/send`);
      expect(sent.statusCode, sent.body).toBe(200);
    };

    await remind();
    expect(await outboxOf('payment_reminder')).toEqual([]);
    // The notice still reaches the app, which they did not turn off.
    const inApp = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, parentId), eq(notifications.kind, 'payment_reminder')));
    expect(inApp).toHaveLength(1);

    expect((await save([{ kind: 'payment_reminder', inApp: true, email: true, sms: true }])).statusCode).toBe(200);
    await remind();
    expect((await outboxOf('payment_reminder')).map((row) => row.channel)).toEqual(['sms']);
  });
});
