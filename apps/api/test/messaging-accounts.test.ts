import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTermiiFake, type TermiiFake } from '@schoolledger/provider-fakes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  groupSchools,
  messageConsents,
  messageOutbox,
  messagingAccounts,
  schools,
  users,
} from '../src/db/schema.js';
import { bearer, demoEmail, FIRST_SCHOOL, insertUser, login, useTestApp } from './helper.js';
import { approvedFee, loadPaymentIds, type PaymentIds, payCash, until } from './payments-support.js';

/*
 * A school group's own SMS and WhatsApp accounts: its keys are kept encrypted and never shown,
 * its receipts go through its own Termii account, its own account's signed reports are believed,
 * another group can neither read nor change them, and without them the server's account sends.
 */

const SERVER_TERMII = { apiKey: 'server-termii-key', secretKey: 'server-termii-secret' };
const GROUP_TERMII = { apiKey: 'group-termii-key-7f3a9c1a2b', secretKey: 'group-termii-secret-5d0e44c9' };
const GROUP_WHATSAPP = { token: 'group-wa-token-0123456789abcd', appSecret: 'group-wa-app-secret-9z8y' };
const PHONE = '0803 555 0177';
const INTERNATIONAL = '2348035550177';

/**
 * Termii as one API with several accounts: each request goes to the fake of the account whose
 * `api_key` it carries, so a test sees in which account each SMS landed.
 */
async function startTermiiAccounts(accountOf: (apiKey: string) => TermiiFake) {
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    let apiKey = '';
    try {
      apiKey = String(JSON.parse(body.toString('utf8')).api_key ?? '');
    } catch {
      // Not JSON: the server's account answers.
    }
    const answer = await fetch(`${accountOf(apiKey).url}${request.url}`, {
      method: request.method,
      headers: { 'content-type': request.headers['content-type'] ?? 'application/json' },
      body: request.method === 'GET' || request.method === 'HEAD' ? undefined : body,
    });
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("a school group's own SMS and WhatsApp accounts", () => {
  let serverTermii: TermiiFake;
  let groupTermii: TermiiFake;
  let termiiApi: Awaited<ReturnType<typeof startTermiiAccounts>>;
  const env: Record<string, string> = {
    TERMII_API_KEY: SERVER_TERMII.apiKey,
    TERMII_SECRET_KEY: SERVER_TERMII.secretKey,
    WHATSAPP_VERIFY_TOKEN: 'server-verify-token',
  };
  beforeAll(async () => {
    serverTermii = await startTermiiFake({ ...SERVER_TERMII, reportDelayMs: 10 });
    groupTermii = await startTermiiFake({ ...GROUP_TERMII, reportDelayMs: 10, senderIds: ['CrestGroup'] });
    termiiApi = await startTermiiAccounts((apiKey) => (apiKey === GROUP_TERMII.apiKey ? groupTermii : serverTermii));
    env.TERMII_BASE_URL = termiiApi.url;
  });
  afterAll(async () => {
    await termiiApi?.close();
    await serverTermii?.close();
    await groupTermii?.close();
  });
  const t = useTestApp({ env });
  let ids: PaymentIds;
  const group = { id: '', other: '' };
  let otherIct: { authorization: string };

  // biome-ignore lint/suspicious/noDuplicateTestHooks: must run after useTestApp's hook has built the app
  beforeAll(async () => {
    // The fakes deliver their reports over real HTTP, so the app listens on a loopback port.
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    for (const fake of [serverTermii, groupTermii]) fake.setWebhookUrl(`${address}/api/v1/messaging/termii/webhook`);
    ids = await loadPaymentIds(t);
    const [school] = await t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
    group.id = school!.groupSchoolId;
    // The demo parent's phone is confirmed and they agreed to SMS.
    const [parent] = await t.ctx.db
      .update(users)
      .set({ phone: PHONE, phoneVerifiedAt: new Date() })
      .where(eq(users.email, demoEmail('parent')))
      .returning();
    await t.ctx.db
      .insert(messageConsents)
      .values({ userId: parent!.id, channel: 'sms', phone: INTERNATIONAL, wording: 'I agree', method: 'web' });
    // Another school group, with an ICT administrator of its own.
    const [other] = await t.ctx.db
      .insert(groupSchools)
      .values({ name: 'Harmony Schools', description: 'Another group' })
      .returning();
    group.other = other!.id;
    const [otherSchool] = await t.ctx.db
      .insert(schools)
      .values({ groupSchoolId: other!.id, name: 'Harmony Academy, Yaba', phoneNumber: '08030000000' })
      .returning();
    await insertUser(t, { email: 'ict@harmony.example', roles: ['ICT_administrator'], schoolId: otherSchool!.id });
    otherIct = bearer((await login(t, 'ict@harmony.example')).json().data.token);
  });

  const account = async (
    who: string | { authorization: string },
    method: 'GET' | 'PUT',
    query = '',
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1/messaging/account${query}`,
      headers: typeof who === 'string' ? await t.as(who) : who,
      ...(payload ? { payload } : {}),
    });

  /** Pays cash at the desk and sends what is due; returns the amount's words in the SMS. */
  async function receipt(amount: string) {
    const fee = await approvedFee(t, ids.school, ids.term, amount);
    await payCash(t, ids.student, fee, amount);
    await t.ctx.messages.deliverDue();
    return `NGN ${Number(amount).toLocaleString('en-NG')}`;
  }
  const smsWith = (fake: TermiiFake, words: string) =>
    fake.messages().filter((message) => message.to === INTERNATIONAL && message.sms.includes(words));

  it('shows nothing saved at first: messages go through the server’s accounts', async () => {
    const response = await account('ict', 'GET');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      groupSchoolId: group.id,
      termiiApiKey: { set: false, last4: null },
      termiiSecretKey: { set: false, last4: null },
      whatsappToken: { set: false, last4: null },
      ownAccount: { sms: false, whatsapp: false },
      updatedAt: null,
    });
    const bursar = await account('bursar', 'GET');
    expect(bursar.statusCode).toBe(403);
  });

  it('refuses half an account, field by field', async () => {
    const refused = await account('ict', 'PUT', '', {
      termiiApiKey: GROUP_TERMII.apiKey,
      whatsappPhoneNumberId: '1098765432',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'termiiSecretKey' }),
        expect.objectContaining({ field: 'whatsappToken' }),
      ]),
    );
    expect(await t.ctx.db.select().from(messagingAccounts)).toEqual([]);
  });

  it('saves the group’s Termii keys encrypted, shows only that they are set, and audits without them', async () => {
    const saved = await account('ict', 'PUT', '', {
      termiiApiKey: GROUP_TERMII.apiKey,
      termiiSecretKey: GROUP_TERMII.secretKey,
      termiiSenderId: 'CrestGroup',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await account('ict', 'GET');
    for (const response of [saved, read]) {
      expect(response.body).not.toContain(GROUP_TERMII.apiKey);
      expect(response.body).not.toContain(GROUP_TERMII.secretKey);
      expect(response.json().data).toMatchObject({
        termiiApiKey: { set: true, last4: '1a2b' },
        termiiSecretKey: { set: true, last4: '44c9' },
        termiiSenderId: 'CrestGroup',
        ownAccount: { sms: true, whatsapp: false },
      });
    }
    const [row] = await t.ctx.db.select().from(messagingAccounts).where(eq(messagingAccounts.groupSchoolId, group.id));
    expect(row!.termiiApiKeyEnc).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(GROUP_TERMII.apiKey);

    const audits = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'messaging_account'), eq(auditLogs.groupSchoolId, group.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'messaging_account.create', schoolId: null });
    expect(audits[0]!.after).toMatchObject({
      termiiApiKey: 'set',
      termiiSecretKey: 'set',
      termiiSenderId: 'CrestGroup',
    });
    expect(JSON.stringify(audits)).not.toContain(GROUP_TERMII.apiKey);
    expect(JSON.stringify(audits)).not.toContain(GROUP_TERMII.secretKey);
  });

  it('sends a receipt through the group’s own Termii account, whose signed report moves it to delivered', async () => {
    const words = await receipt('4100');
    await until(async () => smsWith(groupTermii, words).length === 1);
    expect(smsWith(groupTermii, words)[0]!.from).toBe('CrestGroup');
    expect(smsWith(serverTermii, words)).toHaveLength(0);
    const row = async () =>
      (await t.ctx.db.select().from(messageOutbox).where(eq(messageOutbox.toAddress, INTERNATIONAL))).find((message) =>
        message.body.includes(words),
      );
    // The report comes signed with the group's secret, not the server's.
    await until(async () => (await row())?.status === 'delivered', 10_000);
    expect(await row()).toMatchObject({ provider: 'termii', status: 'delivered' });
    const report = groupTermii.reports().find((delivery) => delivery.httpStatus === 200);
    expect(report).toBeDefined();
  });

  it("keeps each group's account to itself", async () => {
    const foreignRead = await account(otherIct, 'GET', `?group_school_id=${group.id}`);
    expect(foreignRead.statusCode).toBe(404);
    expect(foreignRead.body).not.toContain('1a2b');
    const foreignWrite = await account(otherIct, 'PUT', `?group_school_id=${group.id}`, { termiiApiKey: null });
    expect(foreignWrite.statusCode).toBe(404);
    const own = await account(otherIct, 'GET');
    expect(own.json().data).toMatchObject({ groupSchoolId: group.other, termiiApiKey: { set: false } });
    const [row] = await t.ctx.db.select().from(messagingAccounts).where(eq(messagingAccounts.groupSchoolId, group.id));
    expect(row!.termiiApiKeyEnc).not.toBeNull();
    // The super-admin names the group.
    expect((await account('admin', 'GET')).statusCode).toBe(422);
    expect((await account('admin', 'GET', `?group_school_id=${group.id}`)).json().data.termiiApiKey.set).toBe(true);
  });

  it('believes a WhatsApp webhook signed with the group’s app secret; the handshake takes the server’s verify token', async () => {
    const saved = await account('ict', 'PUT', '', {
      whatsappToken: GROUP_WHATSAPP.token,
      whatsappPhoneNumberId: '1098765432',
      whatsappAppSecret: GROUP_WHATSAPP.appSecret,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The Termii keys were not sent, so they stay.
    expect(saved.json().data).toMatchObject({ ownAccount: { sms: true, whatsapp: true } });
    const payload = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });
    const post = (secret: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/messaging/whatsapp/webhook',
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(payload).digest('hex')}`,
        },
        payload,
      });
    expect((await post(GROUP_WHATSAPP.appSecret)).statusCode).toBe(200);
    expect((await post('someone-elses-secret')).statusCode).toBe(401);
    const handshake = await t.app.inject({
      method: 'GET',
      url: '/api/v1/messaging/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=server-verify-token&hub.challenge=42',
    });
    expect(handshake.statusCode).toBe(200);
    expect(handshake.body).toBe('42');
  });

  it('removing the group’s keys sends through the server’s account again', async () => {
    const removed = await account('ict', 'PUT', '', {
      termiiApiKey: null,
      termiiSecretKey: null,
      termiiSenderId: null,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toMatchObject({
      termiiApiKey: { set: false, last4: null },
      termiiSecretKey: { set: false },
      ownAccount: { sms: false, whatsapp: true },
    });
    const [audit] = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'messaging_account'), eq(auditLogs.action, 'messaging_account.update')))
      .orderBy(auditLogs.createdAt)
      .limit(1)
      .offset(1);
    expect(audit?.after).toMatchObject({ termiiApiKey: 'removed', termiiSecretKey: 'removed' });

    const words = await receipt('4200');
    await until(async () => smsWith(serverTermii, words).length === 1);
    expect(smsWith(groupTermii, words)).toHaveLength(0);
    // A report signed with the removed secret is no longer believed.
    const body = JSON.stringify({ type: 'outbound', message_id: '1', status: 'DELIVERED' });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/messaging/termii/webhook',
      headers: {
        'content-type': 'application/json',
        'x-termii-signature': createHmac('sha512', GROUP_TERMII.secretKey).update(body).digest('hex'),
      },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);
  });
});
