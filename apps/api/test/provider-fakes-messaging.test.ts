import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import {
  AFRICASTALKING_INVALID_AUTH,
  type AfricasTalkingFake,
  type PhoneInbox,
  startAfricasTalkingFake,
  startPhoneInbox,
  startTermiiFake,
  startWhatsAppFake,
  type TermiiFake,
  type WhatsAppFake,
} from '@schoolledger/provider-fakes';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

/**
 * The local Termii and the local WhatsApp Cloud API over real HTTP, and the demo's phone inbox:
 * their webhooks land on a plain node:http server, their signatures are checked here with
 * node:crypto (independently of the fakes' own signing), and what they carry is what the app
 * will read. No database.
 */

// biome-ignore lint/suspicious/noExplicitAny: provider JSON, read field by field below
type Json = Record<string, any>;

const TERMII_KEY = 'TLtermii-messaging-test-key';
const TERMII_SECRET = 'termii-messaging-secret';
const WA_TOKEN = 'EAAG-local-system-user-token';
const WA_SECRET = 'whatsapp-app-secret';
const WA_VERIFY = 'verify-me-please';
const WA_PHONE_ID = '109876543210987';
/** 11:00 in Lagos, a Tuesday: MTN's night rule does not apply. */
const DAYTIME = new Date('2025-03-04T10:00:00.000Z');

interface Received {
  headers: IncomingHttpHeaders;
  /** The path POSTed to (Africa's Talking's callback URLs carry the app's secret token in it). */
  path: string;
  raw: Buffer;
  /** JSON, or a form's fields (Africa's Talking). */
  body: Json;
}

/**
 * A webhook endpoint that keeps every POST and answers 200 (or 500 to the next `failNext`
 * POSTs); a GET is Meta's handshake, echoed (or, with `echo: 'wrong'`, answered with something else).
 */
async function webhookReceiver() {
  const received: Received[] = [];
  const handshakes: URLSearchParams[] = [];
  const state = { failNext: 0, echo: 'right' as 'right' | 'wrong' };
  const server: Server = createServer((request, response) => {
    if (request.method === 'GET') {
      const query = new URL(request.url ?? '/', 'http://localhost').searchParams;
      handshakes.push(query);
      response.statusCode = 200;
      response.end(state.echo === 'right' ? (query.get('hub.challenge') ?? '') : 'hello');
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const form = String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded');
      const text = raw.toString('utf8');
      const body = (form ? Object.fromEntries(new URLSearchParams(text)) : JSON.parse(text)) as Json;
      received.push({ headers: request.headers, path: request.url ?? '/', raw, body });
      response.statusCode = state.failNext > 0 ? 500 : 200;
      if (state.failNext > 0) state.failNext -= 1;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}/webhook`,
    received,
    handshakes,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Json };
}

const termiiSignature = (raw: Buffer) => createHmac('sha512', TERMII_SECRET).update(raw).digest('hex');
const metaSignature = (raw: Buffer) => `sha256=${createHmac('sha256', WA_SECRET).update(raw).digest('hex')}`;

describe('local Termii', () => {
  let fake: TermiiFake;
  let hook: Awaited<ReturnType<typeof webhookReceiver>>;
  const send = (body: Json) =>
    postJson(`${fake.url}/api/sms/send`, {
      api_key: TERMII_KEY,
      from: 'SchoolLedgr',
      type: 'plain',
      channel: 'dnd',
      ...body,
    });
  /** The reports of `messageId` to `receiver`, each signed with the secret key (checked first). */
  const reportsOf = (messageId: string, receiver?: string) =>
    hook.received
      .filter((r) => {
        expect(r.headers['x-termii-signature'], 'HMAC-SHA512 of the raw body').toBe(termiiSignature(r.raw));
        return r.body.message_id === messageId && (!receiver || r.body.receiver === receiver);
      })
      .map((r) => r.body);

  beforeAll(async () => {
    hook = await webhookReceiver();
    fake = await startTermiiFake({
      apiKey: TERMII_KEY,
      secretKey: TERMII_SECRET,
      webhookUrl: hook.url,
      reportDelayMs: 5,
      retryDelaysMs: [10, 20],
      now: () => DAYTIME,
    });
  });
  afterEach(() => {
    hook.state.failNext = 0;
    fake.setNow(() => DAYTIME);
  });
  afterAll(async () => {
    await fake?.close();
    await hook?.close();
  });

  it("answers a send as Termii does and reports it delivered, signed, after a 'Message Sent'", async () => {
    const sent = await send({ to: '2348031234567', sms: 'Payment of NGN 150,000.00 received. Thank you.' });
    expect(sent.status).toBe(200);
    expect(sent.json).toEqual({
      code: 'ok',
      message_id: expect.stringMatching(/^\d{20,}$/),
      message_id_str: sent.json.message_id,
      message: 'Successfully Sent',
      balance: 10_000 - 6.5,
      user: expect.any(String),
    });

    await fake.settled();
    const reports = reportsOf(sent.json.message_id);
    expect(reports.map((r) => r.status)).toEqual(['Message Sent', 'DELIVERED']);
    expect(reports[1]).toEqual({
      type: 'outbound',
      id: expect.any(String),
      message_id: sent.json.message_id,
      receiver: '2348031234567',
      sender: 'SchoolLedgr',
      message: 'Payment of NGN 150,000.00 received. Thank you.',
      sent_at: '2025-03-04 11:00:00',
      cost: 6.5,
      status: 'DELIVERED',
      channel: 'dnd',
    });
    expect(fake.messages().at(-1)).toMatchObject({ to: '2348031234567', status: 'DELIVERED', pages: 1 });
  });

  it('refuses a number on DND on the generic route, and reaches it on the dnd route', async () => {
    fake.setNumber('08051112222', { dnd: true });
    const generic = await send({ to: '2348051112222', sms: 'Fees are due on Friday.', channel: 'generic' });
    const dnd = await send({ to: '2348051112222', sms: 'Fees are due on Friday.', channel: 'dnd' });
    await fake.settled();

    expect(reportsOf(generic.json.message_id).map((r) => [r.status, r.channel, r.cost])).toEqual([
      ['DND Active on Phone Number', 'generic', 4],
    ]);
    expect(reportsOf(dnd.json.message_id).map((r) => r.status)).toEqual(['Message Sent', 'DELIVERED']);
  });

  it('fails generic traffic to MTN at night, and an unreachable handset after it was sent', async () => {
    fake.setNow(() => new Date('2025-03-04T21:30:00.000Z')); // 22:30 in Lagos
    const mtnAtNight = await send({ to: '2348061230000', sms: 'Reminder', channel: 'generic' });
    const gloAtNight = await send({ to: '2348051230000', sms: 'Reminder', channel: 'generic' });
    fake.setNumber('2348071239999', { unreachable: true });
    const unreachable = await send({ to: '2348071239999', sms: 'Reminder' });
    await fake.settled();

    expect(reportsOf(mtnAtNight.json.message_id).map((r) => [r.status, r.sent_at])).toEqual([
      ['Message Failed', '2025-03-04 22:30:00'],
    ]);
    expect(reportsOf(gloAtNight.json.message_id).map((r) => r.status)).toEqual(['Message Sent', 'DELIVERED']);
    expect(reportsOf(unreachable.json.message_id).map((r) => r.status)).toEqual(['Message Sent', 'Message Failed']);
  });

  it('refuses a wrong API key, an unknown sender ID, 101 recipients and missing fields, sending nothing', async () => {
    const before = fake.messages().length;
    const badKey = await send({ to: '2348031234567', sms: 'Hello', api_key: 'TLwrong' });
    expect(badKey).toEqual({ status: 401, json: { message: 'Invalid API key' } });

    const badSender = await send({ to: '2348031234567', sms: 'Hello', from: 'GreenHill' });
    expect(badSender.status).toBe(400);
    expect(badSender.json.message).toContain('senderName: GreenHill');

    const tooMany = await send({
      to: Array.from({ length: 101 }, (_, n) => `23480300${String(n).padStart(5, '0')}`),
      sms: 'Hello',
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.json.errors.to).toEqual(['The to must not have more than 100 items.']);

    const missing = await send({ to: '2348031234567', sms: undefined, channel: 'sms' });
    expect(missing.status).toBe(422);
    expect(missing.json).toEqual({
      message: 'The sms field is required. (and 1 more error)',
      errors: { sms: ['The sms field is required.'], channel: ['The selected channel is invalid.'] },
    });

    const local = await send({ to: '08031234567', sms: 'Hello' });
    expect(local).toEqual({ status: 400, json: { message: 'Phone number is expected in international format' } });
    expect(fake.messages().length).toBe(before);
  });

  it('sends to an array of numbers under one message_id, one report per number', async () => {
    const sent = await send({ to: ['2348031110001', '2348031110002'], sms: 'School resumes on Monday.' });
    await fake.settled();
    expect(reportsOf(sent.json.message_id, '2348031110001').map((r) => r.status)).toEqual([
      'Message Sent',
      'DELIVERED',
    ]);
    expect(reportsOf(sent.json.message_id, '2348031110002').map((r) => r.status)).toEqual([
      'Message Sent',
      'DELIVERED',
    ]);
  });

  it('counts a message with ₦ in UCS-2 pages (67 a page once split), and the same in NGN in GSM-7', async () => {
    // 137 UTF-16 units: three pages at 67 a page, where 70 a page would make two.
    const words =
      'Dear parent, we received ₦150,000.00 for Ada Obi (JSS2) this term. Your balance is ₦0.00. Thank you for paying on time, from the bursary.';
    expect(words.length).toBe(137);
    const naira = await send({ to: '2348031234500', sms: words });
    const plain = await send({ to: '2348031234501', sms: words.replaceAll('₦', 'NGN ') });
    await fake.settled();

    expect(fake.messages().find((m) => m.messageId === naira.json.message_id)).toMatchObject({
      encoding: 'UCS-2',
      pages: 3,
      cost: 19.5,
    });
    expect(fake.messages().find((m) => m.messageId === plain.json.message_id)).toMatchObject({
      encoding: 'GSM-7',
      pages: 1,
      cost: 6.5,
    });
    expect(reportsOf(naira.json.message_id).at(-1)?.cost).toBe(19.5);
  });

  it('POSTs a handset reply (STOP) as a signed inbound message naming the sender ID it answered', async () => {
    await send({ to: '2348039990000', sms: 'Fees are due.' });
    const control = await postJson(`${fake.url}/__fake/reply`, { from: '2348039990000', text: 'STOP' });
    expect(control.json).toMatchObject({ ok: true, data: { httpStatus: 200, attempts: 1 } });

    const inbound = hook.received.filter((r) => r.body.type === 'inbound').at(-1);
    expect(inbound?.headers['x-termii-signature']).toBe(termiiSignature(inbound?.raw ?? Buffer.alloc(0)));
    expect(inbound?.body).toEqual({
      type: 'inbound',
      id: control.json.data.id,
      sender: '2348039990000',
      receiver: 'SchoolLedgr',
      message: 'STOP',
      received_at: '2025-03-04 11:00:00',
      channel: 'generic',
    });
    await fake.settled();
  });

  it('retries a report the webhook refused, and logs the attempts', async () => {
    hook.state.failNext = 1;
    const sent = await send({ to: '2348031237777', sms: 'Retry me', channel: 'dnd' });
    await fake.settled();
    const first = fake.reports().find((r) => r.messageId === sent.json.message_id && r.status === 'Message Sent');
    expect(first).toMatchObject({ httpStatus: 200, attempts: 2 });
    expect(first).not.toHaveProperty('error');
    // The refused POST and its retry carried the same signed body.
    const copies = hook.received.filter(
      (r) => r.body.message_id === sent.json.message_id && r.body.status === 'Message Sent',
    );
    expect(copies.map((r) => r.raw.toString())).toEqual([first?.body, first?.body]);
  });

  it('answers 429 over its rate', async () => {
    const limited = await startTermiiFake({ apiKey: TERMII_KEY, secretKey: TERMII_SECRET, ratePerSecond: 3 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          postJson(`${limited.url}/api/sms/send`, {
            api_key: TERMII_KEY,
            to: '2348031234567',
            from: 'SchoolLedgr',
            sms: 'Hi',
            type: 'plain',
            channel: 'dnd',
          }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 429, 429]);
      expect(answers.filter((a) => a.status === 429).map((a) => a.json)).toEqual([
        { message: 'Too Many Attempts.' },
        { message: 'Too Many Attempts.' },
      ]);
      expect(limited.messages()).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });
});

describe('local WhatsApp Cloud API', () => {
  let fake: WhatsAppFake;
  let hook: Awaited<ReturnType<typeof webhookReceiver>>;
  const send = (body: Json, token = WA_TOKEN) =>
    postJson(
      `${fake.graphUrl}/${WA_PHONE_ID}/messages`,
      { messaging_product: 'whatsapp', recipient_type: 'individual', ...body },
      { authorization: `Bearer ${token}` },
    );
  const receipt = (to: string) =>
    send({
      to,
      type: 'template',
      template: {
        name: 'fee_receipt',
        language: { code: 'en' },
        components: [
          {
            type: 'header',
            parameters: [
              { type: 'document', document: { link: 'https://files.example/R-000123.pdf', filename: 'Receipt.pdf' } },
            ],
          },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: '₦150,000.00' },
              { type: 'text', text: 'Ada Obi' },
              { type: 'text', text: 'R-000123' },
            ],
          },
        ],
      },
    });
  /** The statuses of `wamid` in order, each signed with the app secret (checked first). */
  const statusesOf = (wamid: string) =>
    hook.received
      .filter((r) => {
        expect(r.headers['x-hub-signature-256'], 'sha256 HMAC of the raw body').toBe(metaSignature(r.raw));
        return r.body.entry[0].changes[0].value.statuses?.[0]?.id === wamid;
      })
      .map((r) => r.body.entry[0].changes[0].value.statuses[0]);

  beforeAll(async () => {
    hook = await webhookReceiver();
    fake = await startWhatsAppFake({
      token: WA_TOKEN,
      appSecret: WA_SECRET,
      verifyToken: WA_VERIFY,
      phoneNumberId: WA_PHONE_ID,
      displayPhoneNumber: '2349012345678',
      wabaId: '200300400500600',
      eventDelayMs: 5,
      retryDelaysMs: [10, 20],
      now: () => DAYTIME,
    });
  });
  afterEach(() => {
    hook.state.echo = 'right';
  });
  afterAll(async () => {
    await fake?.close();
    await hook?.close();
  });

  it('verifies the callback with the handshake and refuses one that does not echo the challenge', async () => {
    hook.state.echo = 'wrong';
    await expect(fake.setWebhookUrl(hook.url)).rejects.toThrow(/couldn't be validated.*"hello", not the challenge/);
    expect(hook.handshakes.at(-1)?.get('hub.mode')).toBe('subscribe');
    expect(hook.handshakes.at(-1)?.get('hub.verify_token')).toBe(WA_VERIFY);

    // Not verified: a message sent now reaches no webhook.
    const unheard = await receipt('2348031234567');
    await fake.settled();
    expect(statusesOf(unheard.json.messages[0].id)).toEqual([]);

    hook.state.echo = 'right';
    await fake.setWebhookUrl(hook.url);
    expect(hook.handshakes.at(-1)?.get('hub.challenge')).toMatch(/^\d+$/);
  });

  it('sends an approved template and reports it sent, delivered and read, signed', async () => {
    const sent = await receipt('+2348031234567');
    expect(sent.status).toBe(200);
    expect(sent.json).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: '+2348031234567', wa_id: '2348031234567' }],
      messages: [{ id: expect.stringMatching(/^wamid\.[A-Za-z0-9+/=]+$/), message_status: 'accepted' }],
    });
    const wamid = sent.json.messages[0].id;

    await fake.settled();
    const statuses = statusesOf(wamid);
    expect(statuses.map((s) => s.status)).toEqual(['sent', 'delivered', 'read']);
    expect(statuses[0]).toEqual({
      id: wamid,
      status: 'sent',
      timestamp: String(DAYTIME.getTime() / 1000),
      recipient_id: '2348031234567',
      pricing: { billable: true, pricing_model: 'PMP', type: 'regular', category: 'utility' },
    });
    const envelope = hook.received.find((r) => r.body.entry[0].changes[0].value.statuses?.[0]?.id === wamid)?.body;
    expect(envelope).toMatchObject({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '200300400500600',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '2349012345678', phone_number_id: WA_PHONE_ID },
              },
            },
          ],
        },
      ],
    });
    expect(fake.messages().find((m) => m.id === wamid)).toMatchObject({
      status: 'read',
      preview: 'Payment received: ₦150,000.00 for Ada Obi. Your receipt R-000123 is attached.',
      template: { headerDocument: { link: 'https://files.example/R-000123.pdf', filename: 'Receipt.pdf' } },
    });
  });

  it('reports a number not on WhatsApp failed with 131026 and no read receipts when they are off', async () => {
    fake.setNumber('2348059998888', { onWhatsApp: false });
    fake.setNumber('2348059997777', { readsMessages: false });
    const nowhere = await receipt('2348059998888');
    const unread = await receipt('2348059997777');
    await fake.settled();

    expect(statusesOf(nowhere.json.messages[0].id)).toEqual([
      {
        id: nowhere.json.messages[0].id,
        status: 'failed',
        timestamp: expect.stringMatching(/^\d+$/),
        recipient_id: '2348059998888',
        errors: [
          {
            code: 131026,
            title: 'Message undeliverable',
            message: 'Message undeliverable',
            error_data: { details: 'Message Undeliverable.' },
          },
        ],
      },
    ]);
    expect(statusesOf(unread.json.messages[0].id).map((s) => s.status)).toEqual(['sent', 'delivered']);
  });

  it("answers Graph's errors: 132001 unknown template, 132000 wrong parameters, 190 bad token, 100 unknown number id", async () => {
    const before = fake.messages().length;
    const unknown = await send({
      to: '2348031234567',
      type: 'template',
      template: { name: 'fee_receit', language: { code: 'en' } },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toEqual({
      message: '(#132001) Template name does not exist in the translation',
      type: 'OAuthException',
      code: 132001,
      error_data: { messaging_product: 'whatsapp', details: 'template name (fee_receit) does not exist in en' },
      fbtrace_id: expect.any(String),
    });
    const wrongLanguage = await send({
      to: '2348031234567',
      type: 'template',
      template: { name: 'fee_reminder', language: { code: 'fr' } },
    });
    expect(wrongLanguage.json.error.error_data.details).toBe('template name (fee_reminder) does not exist in fr');

    const twoOfThree = await send({
      to: '2348031234567',
      type: 'template',
      template: {
        name: 'fee_reminder',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'a' },
              { type: 'text', text: 'b' },
            ],
          },
        ],
      },
    });
    expect(twoOfThree.status).toBe(400);
    expect(twoOfThree.json.error).toMatchObject({
      code: 132000,
      error_data: {
        details: 'body: number of localizable_params (2) does not match the expected number of params (3)',
      },
    });

    const badToken = await receiptWithToken('EAAG-expired');
    expect(badToken.status).toBe(401);
    expect(badToken.json.error).toMatchObject({
      type: 'OAuthException',
      code: 190,
      message: 'Invalid OAuth access token - Cannot parse access token',
    });

    const otherNumber = await postJson(
      `${fake.graphUrl}/999/messages`,
      { messaging_product: 'whatsapp', to: '2348031234567', type: 'text', text: { body: 'Hi' } },
      { authorization: `Bearer ${WA_TOKEN}` },
    );
    expect(otherNumber.status).toBe(400);
    expect(otherNumber.json.error).toMatchObject({ code: 100, error_subcode: 33 });
    expect(otherNumber.json.error.message).toContain("Object with ID '999' does not exist");
    expect(fake.messages().length).toBe(before);
  });
  const receiptWithToken = (token: string) =>
    send({ to: '2348031234567', type: 'text', text: { body: 'Hello' } }, token);

  it('fails free-form text outside the 24-hour window (131047); a user message opens it, signed as Meta sends it', async () => {
    const closed = await send({ to: '2348034445555', type: 'text', text: { body: 'Your statement is ready.' } });
    await fake.settled();
    expect(statusesOf(closed.json.messages[0].id).map((s) => [s.status, s.errors?.[0]?.code])).toEqual([
      ['failed', 131047],
    ]);

    const control = await postJson(`${fake.url}/__fake/reply`, {
      from: '2348034445555',
      text: 'Balance?',
      name: 'Ngozi Eze',
    });
    expect(control.json).toMatchObject({ ok: true, data: { httpStatus: 200, attempts: 1 } });
    const inbound = hook.received.filter((r) => r.body.entry[0].changes[0].value.messages).at(-1);
    expect(inbound?.headers['x-hub-signature-256']).toBe(metaSignature(inbound?.raw ?? Buffer.alloc(0)));
    expect(inbound?.body.entry[0].changes[0].value).toEqual({
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: '2349012345678', phone_number_id: WA_PHONE_ID },
      contacts: [{ profile: { name: 'Ngozi Eze' }, wa_id: '2348034445555' }],
      messages: [
        {
          from: '2348034445555',
          id: control.json.data.id,
          timestamp: String(DAYTIME.getTime() / 1000),
          type: 'text',
          text: { body: 'Balance?' },
        },
      ],
    });

    const open = await send({ to: '2348034445555', type: 'text', text: { body: 'Your balance is ₦0.00.' } });
    const freeReceipt = await receipt('2348034445555');
    await fake.settled();
    const openStatuses = statusesOf(open.json.messages[0].id);
    expect(openStatuses.map((s) => s.status)).toEqual(['sent', 'delivered', 'read']);
    expect(openStatuses[0].pricing).toEqual({
      billable: false,
      pricing_model: 'PMP',
      type: 'free_customer_service',
      category: 'service',
    });
    expect(statusesOf(freeReceipt.json.messages[0].id)[0].pricing).toMatchObject({
      billable: false,
      category: 'utility',
    });
  });
});

describe("local Africa's Talking", () => {
  const AT_USERNAME = 'schoolledger';
  const AT_KEY = 'atsk_local_messaging_test_key';
  /** The app's secret token, which the fake is given only as part of the callback URL. */
  const AT_TOKEN = 'cb-token-0123456789abcdefghij';
  let fake: AfricasTalkingFake;
  let hook: Awaited<ReturnType<typeof webhookReceiver>>;
  const reportUrl = () => hook.url.replace('/webhook', `/africastalking/${AT_TOKEN}/report`);
  const inboundUrl = () => hook.url.replace('/webhook', `/africastalking/${AT_TOKEN}/inbound`);
  const send = async (
    fields: Record<string, string>,
    headers: Record<string, string> = { apiKey: AT_KEY, accept: 'application/json' },
  ) => {
    const response = await fetch(`${fake.url}/version1/messaging`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({
        username: AT_USERNAME,
        from: 'SchoolLedgr',
        bulkSMSMode: '1',
        enqueue: '1',
        ...fields,
      }),
    });
    const text = await response.text();
    const json = (response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null) as Json | null;
    return { status: response.status, type: response.headers.get('content-type'), text, json: json ?? {} };
  };
  /** The reports of `messageId`, in order: form fields, unsigned, POSTed to the callback URL with its token. */
  const reportsOf = (messageId: string) =>
    hook.received
      .filter((r) => r.body.id === messageId && r.body.status)
      .map((r) => {
        expect(r.path).toBe(`/africastalking/${AT_TOKEN}/report`);
        expect(r.headers['content-type']).toBe('application/x-www-form-urlencoded');
        expect(Object.keys(r.headers).filter((name) => /signature|hmac/i.test(name))).toEqual([]);
        return r.body;
      });

  beforeAll(async () => {
    hook = await webhookReceiver();
    fake = await startAfricasTalkingFake({
      username: AT_USERNAME,
      apiKey: AT_KEY,
      reportDelayMs: 5,
      retryDelaysMs: [10, 20],
      now: () => DAYTIME,
    });
    fake.setCallbackUrl(reportUrl());
  });
  afterAll(async () => {
    await fake?.close();
    await hook?.close();
  });

  it("answers a send as Africa's Talking does (201, per recipient) and reports it Sent, then Success, to the callback URL", async () => {
    const sent = await send({ to: '+2348031234567', message: 'Payment of NGN 150,000.00 received. Thank you.' });
    expect(sent.status).toBe(201);
    expect(sent.json).toEqual({
      SMSMessageData: {
        Message: 'Sent to 1/1 Total Cost: NGN 2.2000',
        Recipients: [
          {
            statusCode: 101,
            number: '+2348031234567',
            status: 'Success',
            cost: 'NGN 2.2000',
            messageId: expect.stringMatching(/^ATXid_[0-9a-f]{32}$/),
          },
        ],
      },
    });
    const messageId = sent.json.SMSMessageData.Recipients[0].messageId;

    await fake.settled();
    expect(reportsOf(messageId)).toEqual([
      { id: messageId, status: 'Sent', phoneNumber: '+2348031234567', networkCode: '62130', retryCount: '0' },
      { id: messageId, status: 'Success', phoneNumber: '+2348031234567', networkCode: '62130', retryCount: '0' },
    ]);
    expect(fake.messages().at(-1)).toMatchObject({
      messageId,
      to: '+2348031234567',
      from: 'SchoolLedgr',
      status: 'Success',
      pages: 1,
      encoding: 'GSM-7',
      bulkSMSMode: '1',
      enqueue: '1',
    });
  });

  it('refuses per recipient: 406 UserInBlacklist for a number on DND, 403 InvalidPhoneNumber for one not in +234 form; no reports for them', async () => {
    fake.setNumber('08051112222', { dnd: true });
    const before = fake.messages().length;
    const dnd = await send({ to: '+2348051112222', message: 'Fees are due on Friday.' });
    expect(dnd.status).toBe(201);
    expect(dnd.json).toEqual({
      SMSMessageData: {
        Message: 'Sent to 0/1 Total Cost: 0',
        Recipients: [
          { statusCode: 406, number: '+2348051112222', status: 'UserInBlacklist', cost: '0', messageId: 'None' },
        ],
      },
    });

    const mixed = await send({ to: '+2348021110001,08021110002', message: 'School resumes on Monday.' });
    expect(mixed.json.SMSMessageData.Message).toBe('Sent to 1/2 Total Cost: NGN 2.2000');
    expect(mixed.json.SMSMessageData.Recipients.map((r: Json) => [r.number, r.statusCode, r.status])).toEqual([
      ['+2348021110001', 101, 'Success'],
      ['08021110002', 403, 'InvalidPhoneNumber'],
    ]);
    expect(fake.messages().length).toBe(before + 1);

    const badSender = await send({ to: '+2348021110003', message: 'Hello', from: 'GreenHill' });
    expect(badSender.json.SMSMessageData.Recipients[0]).toMatchObject({ statusCode: 402, status: 'InvalidSenderId' });
    await fake.settled();
    expect(hook.received.filter((r) => r.body.phoneNumber === '+2348051112222')).toEqual([]);
  });

  it('reports an unreachable handset Sent, Buffered, then Failed with a failureReason', async () => {
    fake.setNumber('2348071239999', { unreachable: true });
    const sent = await send({ to: '+2348071239999', message: 'Reminder' });
    await fake.settled();
    const reports = reportsOf(sent.json.SMSMessageData.Recipients[0].messageId);
    expect(reports.map((r) => r.status)).toEqual(['Sent', 'Buffered', 'Failed']);
    expect(reports[2]).toMatchObject({ failureReason: 'DeliveryFailure', networkCode: '62150' });
    expect(reports[0]).not.toHaveProperty('failureReason');
  });

  it("answers 401 in plain text to a wrong API key or username, and XML without 'Accept: application/json'", async () => {
    const before = fake.messages().length;
    const badKey = await send(
      { to: '+2348031234567', message: 'Hi' },
      { apiKey: 'atsk_wrong', accept: 'application/json' },
    );
    expect([badKey.status, badKey.text]).toEqual([401, AFRICASTALKING_INVALID_AUTH]);
    const badUser = await send({ to: '+2348031234567', message: 'Hi', username: 'sandbox' });
    expect([badUser.status, badUser.text]).toEqual([401, 'The supplied authentication is invalid']);
    const missing = await send({ to: '', message: 'Hi' });
    expect([missing.status, missing.text]).toEqual([400, "Request is missing required form field 'to'"]);
    expect(fake.messages().length).toBe(before);

    const xml = await send({ to: '+2348031234567', message: 'Hi' }, { apiKey: AT_KEY });
    expect(xml.status).toBe(201);
    expect(xml.type).toContain('application/xml');
    expect(xml.text).toMatch(/<Recipient><number>\+2348031234567<\/number>.*<statusCode>101<\/statusCode>/);
    await fake.settled();
  });

  it('POSTs a message a handset sends (STOP) as form fields to the inbound URL, unsigned', async () => {
    fake.setInboundUrl(inboundUrl());
    await send({ to: '+2348039990000', message: 'Fees are due.' });
    const control = await postJson(`${fake.url}/__fake/reply`, { from: '08039990000', text: 'STOP' });
    expect(control.json).toMatchObject({ ok: true, data: { httpStatus: 200, attempts: 1 } });
    const inbound = hook.received.filter((r) => r.path.endsWith('/inbound')).at(-1);
    expect(inbound?.path).toBe(`/africastalking/${AT_TOKEN}/inbound`);
    expect(inbound?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(inbound?.body).toEqual({
      from: '+2348039990000',
      to: 'SchoolLedgr',
      text: 'STOP',
      date: DAYTIME.toISOString(),
      id: control.json.data.id,
      linkId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      networkCode: '62130',
    });
    await fake.settled();
  });
});

describe('phone inbox', () => {
  let termii: TermiiFake;
  let whatsapp: WhatsAppFake;
  let inbox: PhoneInbox;
  let hook: Awaited<ReturnType<typeof webhookReceiver>>;
  const page = async (path: string) => {
    const response = await fetch(`${inbox.url}${path}`);
    return { status: response.status, html: await response.text() };
  };

  beforeAll(async () => {
    hook = await webhookReceiver();
    termii = await startTermiiFake({
      apiKey: TERMII_KEY,
      secretKey: TERMII_SECRET,
      webhookUrl: hook.url,
      reportDelayMs: 5,
      now: () => DAYTIME,
    });
    whatsapp = await startWhatsAppFake({
      token: WA_TOKEN,
      appSecret: WA_SECRET,
      phoneNumberId: WA_PHONE_ID,
      webhookUrl: hook.url,
      eventDelayMs: 5,
      now: () => DAYTIME,
    });
    inbox = await startPhoneInbox({ termii, whatsapp });
  });
  afterAll(async () => {
    await inbox?.close();
    await termii?.close();
    await whatsapp?.close();
    await hook?.close();
  });

  it("lists the phones that received messages and shows a phone's SMS and WhatsApp messages, escaped", async () => {
    const sms = await postJson(`${termii.url}/api/sms/send`, {
      api_key: TERMII_KEY,
      to: '2348031234567',
      from: 'SchoolLedgr',
      sms: 'Fees due <script>alert(1)</script> & more',
      type: 'plain',
      channel: 'dnd',
    });
    expect(sms.status).toBe(200);
    const wa = await postJson(
      `${whatsapp.graphUrl}/${WA_PHONE_ID}/messages`,
      {
        messaging_product: 'whatsapp',
        to: '2348031234567',
        type: 'template',
        template: {
          name: 'fee_receipt',
          language: { code: 'en' },
          components: [
            {
              type: 'header',
              parameters: [
                { type: 'document', document: { link: 'https://files.example/R-9.pdf', filename: 'Receipt R-9.pdf' } },
              ],
            },
            {
              type: 'body',
              parameters: [
                { type: 'text', text: '₦20,000.00' },
                { type: 'text', text: '<b>Tunde</b>' },
                { type: 'text', text: 'R-9' },
              ],
            },
          ],
        },
      },
      { authorization: `Bearer ${WA_TOKEN}` },
    );
    expect(wa.status).toBe(200);
    await termii.settled();
    await whatsapp.settled();

    const index = await page('/');
    expect(index.status).toBe(200);
    expect(index.html).toContain('<html lang="en">');
    expect(index.html).toContain('<title>Phone inbox (local demo)</title>');
    expect(index.html).toContain('<a href="/phone/2348031234567">+234 803 123 4567</a>');
    expect(index.html).toContain('1 SMS, 1 WhatsApp message');

    const phone = await page('/phone/2348031234567');
    expect(phone.status).toBe(200);
    expect(phone.html).toContain('Fees due &lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(phone.html).not.toContain('<script>alert(1)');
    expect(phone.html).toContain('<strong>SchoolLedgr</strong>');
    expect(phone.html).toContain('DELIVERED');
    expect(phone.html).toContain('2025-03-04 11:00 WAT');
    expect(phone.html).toContain(
      'Payment received: ₦20,000.00 for &lt;b&gt;Tunde&lt;/b&gt;. Your receipt R-9 is attached.',
    );
    expect(phone.html).toContain(
      '<a href="https://files.example/R-9.pdf" rel="noopener noreferrer">Document: Receipt R-9.pdf</a>',
    );
    expect(phone.html).toMatch(/<h2 id="sms-heading">SMS<\/h2>[\s\S]*<h2 id="whatsapp-heading">WhatsApp<\/h2>/);
    // Every input has its label.
    const inputs = [...phone.html.matchAll(/<input[^>]*\bid="([^"]+)"/g)].map((m) => m[1]);
    const labels = new Set([...phone.html.matchAll(/<label[^>]*\bfor="([^"]+)"/g)].map((m) => m[1]));
    expect(inputs).toEqual(['sms-text', 'whatsapp-text']);
    expect(inputs.filter((id) => !labels.has(id))).toEqual([]);

    const json = await fetch(`${inbox.url}/phone/2348031234567.json`).then((r) => r.json() as Promise<Json>);
    expect(json.version).toMatch(/^[0-9a-f]{40}$/);
    expect(json.fragments['sms-messages']).toContain('&lt;script&gt;');
    expect(json.fragments['whatsapp-messages']).toContain('Template fee_receipt');

    expect((await page('/phone/not-a-number')).status).toBe(404);
  });

  it("posts a reply box's text through the fake's reply control: the app's webhook gets STOP", async () => {
    const response = await fetch(`${inbox.url}/phone/2348031234567/reply/sms`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ text: 'STOP' }).toString(),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/phone/2348031234567');

    const inbound = hook.received.filter((r) => r.body.type === 'inbound');
    expect(inbound.map((r) => [r.body.sender, r.body.message, r.body.receiver])).toEqual([
      ['2348031234567', 'STOP', 'SchoolLedgr'],
    ]);
    expect((await page('/phone/2348031234567')).html).toMatch(/You replied<\/strong> to SchoolLedgr[\s\S]*STOP/);

    const empty = await fetch(`${inbox.url}/phone/2348031234567/reply/whatsapp`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'text=',
      redirect: 'manual',
    });
    expect(empty.status).toBe(400);
    const html = await empty.text();
    expect(html).toContain('Write a reply first');
    expect(html).toContain('id="whatsapp-text" name="text"');
    expect(html).toMatch(/id="whatsapp-text"[^>]*aria-invalid="true"/);
  });
});
