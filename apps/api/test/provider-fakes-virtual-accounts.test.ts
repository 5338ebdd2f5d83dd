import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import {
  type FlutterwaveFake,
  type PaystackFake,
  startFlutterwaveFake,
  startPaystackFake,
} from '@schoolledger/provider-fakes';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFlutterwaveProvider } from '../src/modules/providers/flutterwave.js';
import { createPaystackProvider } from '../src/modules/providers/paystack.js';

/**
 * The local Paystack's dedicated virtual accounts and the local Flutterwave's virtual account
 * numbers, over real HTTP: their webhooks land on a plain node:http server and are checked with
 * the app's own verification (the providers' parseWebhook), and what they carry is what the app
 * will read. No database.
 */

// biome-ignore lint/suspicious/noExplicitAny: provider JSON, read field by field below
type Json = Record<string, any>;

const PAYSTACK_KEY = 'sk_test_virtual_accounts';
const FLUTTERWAVE_KEY = 'FLWSECK_TEST-virtual-accounts-X';
const FLUTTERWAVE_HASH = 'virtual-accounts-secret-hash';

interface Received {
  headers: IncomingHttpHeaders;
  raw: Buffer;
  body: Json;
}

/** A webhook endpoint that keeps every delivery and answers `answer` (200 unless a test changes it). */
async function webhookReceiver() {
  const received: Received[] = [];
  const state = { answer: 200 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      received.push({ headers: request.headers, raw, body: JSON.parse(raw.toString('utf8')) as Json });
      response.statusCode = state.answer;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}/webhook`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function call(base: string, method: string, path: string, body?: unknown, key?: string) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(key === undefined ? {} : { authorization: `Bearer ${key}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Json };
}

/** Every `<input id=…>` of a page has a `<label for=…>`. */
function inputsAreLabelled(html: string) {
  const ids = [...html.matchAll(/<input[^>]*\bid="([^"]+)"/g)].map((m) => m[1]);
  const labelled = new Set([...html.matchAll(/<label[^>]*\bfor="([^"]+)"/g)].map((m) => m[1]));
  return { ids, unlabelled: ids.filter((id) => !labelled.has(id)) };
}

describe('local Paystack: dedicated virtual accounts', () => {
  let fake: PaystackFake;
  let hook: Awaited<ReturnType<typeof webhookReceiver>>;
  const app = () => createPaystackProvider({ baseUrl: fake.url, secretKey: PAYSTACK_KEY });
  const paystack = (method: string, path: string, body?: unknown, key: string | undefined = PAYSTACK_KEY) =>
    call(fake.url, method, path, body, key);
  const control = (path: string, body: unknown) => call(fake.url, 'POST', path, body);
  /** The deliveries of `event`, each checked with the app's signature verification first. */
  const events = (event: string) =>
    hook.received.filter((r) => {
      expect(app().parseWebhook(r.raw, r.headers), 'signed with the secret key').not.toBeNull();
      return r.body.event === event;
    });
  const creditsOf = (reference: string) => events('charge.success').filter((r) => r.body.data.reference === reference);

  beforeAll(async () => {
    hook = await webhookReceiver();
    fake = await startPaystackFake({
      secretKey: PAYSTACK_KEY,
      webhookUrl: hook.url,
      businessName: 'Crestview Schools',
    });
  });
  afterEach(() => {
    hook.state.answer = 200;
  });
  afterAll(async () => {
    await fake?.close();
    await hook?.close();
  });

  /** A customer with a Wema DVA, made through the API. */
  async function customerWithAccount(email: string, first = 'Ada', last = 'Obi') {
    const customer = await paystack('POST', '/customer', {
      email,
      first_name: first,
      last_name: last,
      phone: '+2348030000000',
    });
    const account = await paystack('POST', '/dedicated_account', {
      customer: customer.json.data.customer_code,
      preferred_bank: 'wema-bank',
    });
    expect(account.status).toBe(200);
    return { customer: customer.json.data, account: account.json.data };
  }

  it('makes customers, finds them by email or code, and makes no second one for an email', async () => {
    const made = await paystack('POST', '/customer', {
      email: 'okafor.family@example.ng',
      first_name: 'Chidi',
      last_name: 'Okafor',
      phone: '+2348031234567',
    });
    expect(made.status).toBe(200);
    expect(made.json).toMatchObject({ status: true, message: 'Customer created' });
    expect(made.json.data.customer_code).toMatch(/^CUS_[0-9a-z]{15}$/);
    expect(made.json.data.id).toEqual(expect.any(Number));

    const again = await paystack('POST', '/customer', { email: 'okafor.family@example.ng' });
    expect(again.json.data.id).toBe(made.json.data.id);

    for (const key of ['okafor.family@example.ng', made.json.data.customer_code]) {
      const found = await paystack('GET', `/customer/${encodeURIComponent(key)}`);
      expect(found.status).toBe(200);
      expect(found.json.data).toMatchObject({ id: made.json.data.id, first_name: 'Chidi', last_name: 'Okafor' });
    }
    expect((await paystack('GET', '/customer/CUS_nobody')).status).toBe(404);
    expect((await paystack('GET', '/customer/okafor.family@example.ng', undefined, 'sk_test_wrong')).status).toBe(401);
    expect((await paystack('POST', '/customer', { email: 'not-an-email' })).status).toBe(400);
  });

  it('creates a DVA as Paystack shows it, answers the same account when asked again, and refuses an unknown customer', async () => {
    const { customer, account } = await customerWithAccount('adaobi@example.ng');
    expect(account).toMatchObject({
      account_name: 'CRESTVIEW SCHOOLS / ADA OBI',
      bank: { name: 'Wema Bank', id: 20, slug: 'wema-bank' },
      assigned: true,
      active: true,
      currency: 'NGN',
      assignment: {
        assignee_id: customer.id,
        assignee_type: 'Customer',
        expired: false,
        account_type: 'PAY-WITH-TRANSFER-RECURRING',
        assigned_at: expect.any(String),
        integration: expect.any(Number),
      },
      customer: { id: customer.id, customer_code: customer.customer_code, email: 'adaobi@example.ng' },
      id: expect.any(Number),
    });
    expect(account.account_number).toMatch(/^\d{10}$/);

    // By numeric id this time: the same active account on the same bank.
    const again = await paystack('POST', '/dedicated_account', { customer: customer.id, preferred_bank: 'wema-bank' });
    expect(again.json.data.id).toBe(account.id);
    expect(again.json.data.account_number).toBe(account.account_number);

    const titan = await paystack('POST', '/dedicated_account', {
      customer: customer.customer_code,
      preferred_bank: 'titan-paystack',
    });
    expect(titan.json.data.bank.slug).toBe('titan-paystack');
    expect(titan.json.data.account_number).not.toBe(account.account_number);

    const unknown = await paystack('POST', '/dedicated_account', {
      customer: 'CUS_doesnotexist00',
      preferred_bank: 'wema-bank',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.status).toBe(false);
    const badBank = await paystack('POST', '/dedicated_account', { customer: customer.id, preferred_bank: 'no-bank' });
    expect(badBank.status).toBe(400);
    expect((await paystack('POST', '/dedicated_account', { customer: customer.id }, 'sk_test_wrong')).status).toBe(401);

    const providers = await paystack('GET', '/dedicated_account/available_providers');
    expect(providers.json.data.map((p: Json) => p.provider_slug)).toEqual(['wema-bank', 'titan-paystack']);

    const fetched = await paystack('GET', `/dedicated_account/${account.id}`);
    expect(fetched.json.data.account_number).toBe(account.account_number);
    expect((await paystack('GET', '/dedicated_account/1')).status).toBe(404);

    const listed = await paystack(
      'GET',
      `/dedicated_account?customer=${customer.id}&provider_slug=wema-bank&active=true`,
    );
    expect(listed.json.data.map((a: Json) => a.id)).toEqual([account.id]);
    const fetchedCustomer = await paystack('GET', `/customer/${customer.customer_code}`);
    expect(fetchedCustomer.json.data.dedicated_account).not.toBeNull();
  });

  it('records a transfer as a dedicated_nuban transaction, signs its charge.success, and verify and the list find it', async () => {
    const { customer, account } = await customerWithAccount('bello@example.ng', 'Musa', 'Bello');
    const sent = await control(`/__fake/dedicated_accounts/${account.account_number}/transfers`, {
      amount: 2_500_000,
      sender_name: 'MUSA BELLO',
      sender_bank: 'Access Bank',
      sender_account_number: '0012344321',
      narration: 'NIP: MUSA BELLO -0012344321/FAM-0042',
    });
    expect(sent.status).toBe(200);
    expect(sent.json.webhook).toEqual({ delivered: true, status: 200 });
    const reference = sent.json.data.reference as string;

    const [delivery] = creditsOf(reference);
    const data = delivery!.body.data;
    expect(data).toMatchObject({
      status: 'success',
      channel: 'dedicated_nuban',
      amount: 2_500_000,
      currency: 'NGN',
      // 1% of ₦25,000, in kobo.
      fees: 25_000,
      paid_at: expect.any(String),
      customer: { id: customer.id, customer_code: customer.customer_code, email: 'bello@example.ng' },
      authorization: {
        channel: 'dedicated_nuban',
        sender_bank: 'Access Bank',
        sender_bank_account_number: 'XXXXXX4321',
        sender_name: 'MUSA BELLO',
        narration: 'NIP: MUSA BELLO -0012344321/FAM-0042',
        receiver_bank_account_number: account.account_number,
        receiver_bank: 'Wema Bank',
        authorization_code: expect.stringMatching(/^AUTH_/),
        bin: null,
        last4: null,
      },
    });
    const parsed = app().parseWebhook(delivery!.raw, delivery!.headers);
    expect(parsed).toMatchObject({ event: 'charge.success', reference });

    const verified = await paystack('GET', `/transaction/verify/${reference}`);
    expect(verified.json.data).toEqual(data);
    const byApp = await app().verify(reference);
    expect(byApp).toMatchObject({
      status: 'success',
      channel: 'dedicated_nuban',
      amountKobo: 2_500_000n,
      currency: 'NGN',
    });
    const listed = await paystack('GET', '/transaction?perPage=100');
    expect(listed.json.data.map((t: Json) => t.reference)).toContain(reference);

    // Fees are capped at ₦300.
    const large = await control(`/__fake/dedicated_accounts/${account.account_number}/transfers`, {
      amount: 150_000_000,
    });
    expect(large.json.data.fees).toBe(30_000);
    // Another currency is recorded and announced as sent: refusing it is the app's job.
    const dollars = await control(`/__fake/dedicated_accounts/${account.account_number}/transfers`, {
      amount: 10_000,
      currency: 'USD',
    });
    expect(creditsOf(dollars.json.data.reference)[0]!.body.data.currency).toBe('USD');
    expect((await control('/__fake/dedicated_accounts/0000000000/transfers', { amount: 100 })).status).toBe(404);
    expect(
      (await control(`/__fake/dedicated_accounts/${account.account_number}/transfers`, { amount: -1 })).status,
    ).toBe(400);
  });

  it('keeps announcing transfers to a deactivated account', async () => {
    const { account } = await customerWithAccount('graduated@example.ng', 'Tunde', 'Ade');
    const deactivated = await paystack('DELETE', `/dedicated_account/${account.id}`);
    expect(deactivated.json).toMatchObject({
      status: true,
      message: 'Managed Account Successfully Unassigned',
      data: { id: account.id, active: false, assigned: false },
    });
    const inactive = await paystack('GET', '/dedicated_account?active=false');
    expect(inactive.json.data.map((a: Json) => a.id)).toContain(account.id);

    const late = await control(`/__fake/dedicated_accounts/${account.account_number}/transfers`, { amount: 5_000_000 });
    expect(late.json.webhook.status).toBe(200);
    const [delivery] = creditsOf(late.json.data.reference);
    expect(delivery!.body.data.authorization.receiver_bank_account_number).toBe(account.account_number);
    expect(delivery!.body.data.amount).toBe(5_000_000);
  });

  it('requery re-sends only the credits of that day that were never acknowledged', async () => {
    const { account } = await customerWithAccount('requery@example.ng', 'Ngozi', 'Eze');
    const transfers = `/__fake/dedicated_accounts/${account.account_number}/transfers`;
    const acknowledged = await control(transfers, { amount: 1_000_000, paid_at: '2025-03-05T09:00:00.000Z' });
    const lost = await control(transfers, { amount: 2_000_000, paid_at: '2025-03-05T10:00:00.000Z', deliver: false });
    hook.state.answer = 500;
    const refused = await control(transfers, { amount: 3_000_000, paid_at: '2025-03-05T11:00:00.000Z' });
    expect(refused.json.webhook.status).toBe(500);
    hook.state.answer = 200;
    const otherDay = await control(transfers, {
      amount: 4_000_000,
      paid_at: '2025-03-04T10:00:00.000Z',
      deliver: false,
    });
    expect(lost.json.webhook).toEqual({ delivered: false, status: null });
    expect(creditsOf(lost.json.data.reference)).toHaveLength(0);

    const asked = await paystack(
      'GET',
      `/dedicated_account/requery?account_number=${account.account_number}&provider_slug=wema-bank&date=2025-03-05`,
    );
    expect(asked.json).toEqual({
      status: true,
      message:
        'We are checking the status of your transfer. We will send you a notification once it has been confirmed',
    });
    await fake.settled();
    expect(creditsOf(lost.json.data.reference)).toHaveLength(1);
    expect(creditsOf(refused.json.data.reference)).toHaveLength(2);
    expect(creditsOf(acknowledged.json.data.reference)).toHaveLength(1);
    expect(creditsOf(otherDay.json.data.reference)).toHaveLength(0);

    // Now acknowledged, nothing of that day is sent again.
    await paystack('GET', `/dedicated_account/requery?account_number=${account.account_number}&date=2025-03-05`);
    await fake.settled();
    expect(creditsOf(lost.json.data.reference)).toHaveLength(1);

    expect(
      (await paystack('GET', '/dedicated_account/requery?account_number=0000000000&provider_slug=wema-bank')).status,
    ).toBe(404);
    expect(
      (await paystack('GET', `/dedicated_account/requery?account_number=${account.account_number}&date=5-3-2025`))
        .status,
    ).toBe(400);
  });

  it('assigns a DVA asynchronously and says so by signed webhook, or says it failed', async () => {
    const assign = (email: string) =>
      paystack('POST', '/dedicated_account/assign', {
        email,
        first_name: 'Funke',
        last_name: 'Ade',
        phone: '+2348021112222',
        preferred_bank: 'wema-bank',
        country: 'NG',
      });
    const asked = await assign('funke@example.ng');
    expect(asked.json).toEqual({ status: true, message: 'Assign dedicated account in progress' });
    await fake.settled();
    const [success] = events('dedicatedaccount.assign.success');
    expect(success!.body.data).toMatchObject({
      customer: { email: 'funke@example.ng', customer_code: expect.stringMatching(/^CUS_/) },
      dedicated_account: {
        account_name: 'CRESTVIEW SCHOOLS / FUNKE ADE',
        assigned: true,
        active: true,
        bank: { slug: 'wema-bank' },
        assignment: { account_type: 'PAY-WITH-TRANSFER-RECURRING', assignee_type: 'Customer' },
      },
    });
    expect(success!.body.data.dedicated_account.account_number).toMatch(/^\d{10}$/);

    expect((await control('/__fake/dedicated_accounts/assignments', { fail: true })).json.data.failAssignments).toBe(
      true,
    );
    await assign('unverified@example.ng');
    await fake.settled();
    const [failure] = events('dedicatedaccount.assign.failed');
    expect(failure!.body.data).toMatchObject({ customer: { email: 'unverified@example.ng' }, dedicated_account: null });
    await control('/__fake/dedicated_accounts/assignments', { fail: false });

    const incomplete = await paystack('POST', '/dedicated_account/assign', { email: 'x@example.ng' });
    expect(incomplete.status).toBe(400);
  });

  it('redelivers a credit as duplicates, and can make a webhook that verify contradicts', async () => {
    const { account } = await customerWithAccount('tamper@example.ng', 'Bisi', 'Lawal');
    const sent = await control(`/__fake/dedicated_accounts/${account.account_number}/transfers`, {
      amount: 1_500_000,
      deliver: false,
    });
    const reference = sent.json.data.reference as string;
    const redelivered = await control(`/__fake/transactions/${reference}/webhook`, {
      count: 2,
      override: { amount: 9_900_000 },
    });
    expect(redelivered.json.data.statuses).toEqual([200, 200]);
    const deliveries = creditsOf(reference);
    expect(deliveries).toHaveLength(2);
    expect(deliveries.map((d) => d.body.data.id)).toEqual([sent.json.data.id, sent.json.data.id]);
    expect(deliveries.map((d) => d.body.data.amount)).toEqual([9_900_000, 9_900_000]);
    expect((await app().verify(reference)).amountKobo).toBe(1_500_000n);
    // The other way round: verify now reports what the webhook did not.
    await control(`/__fake/transactions/${reference}/amount`, { amount: 100 });
    expect((await app().verify(reference)).amountKobo).toBe(100n);
  });

  it('settles each day net of fees on the next weekday, and lists what each settlement holds', async () => {
    // A fake of its own, so that the totals hold only these transfers.
    const own = await startPaystackFake({ secretKey: PAYSTACK_KEY, webhookUrl: hook.url });
    try {
      const api = (path: string, body?: unknown) =>
        call(own.url, body === undefined ? 'GET' : 'POST', path, body, PAYSTACK_KEY);
      const customer = await api('/customer', {
        email: 'settle@example.ng',
        first_name: 'Emeka',
        last_name: 'Nwosu',
        phone: '+2348055555555',
      });
      const account = await api('/dedicated_account', { customer: customer.json.data.id });
      const transfers = `/__fake/dedicated_accounts/${account.json.data.account_number}/transfers`;
      const send = (amount: number, paidAt: string) => call(own.url, 'POST', transfers, { amount, paid_at: paidAt });
      // Thursday 6 March 2025 in Lagos: the last one is 23:30 UTC on the 5th, 00:30 on the 6th in Lagos.
      const thursday = [
        await send(2_500_000, '2025-03-05T23:30:00.000Z'),
        await send(40_000_000, '2025-03-06T10:00:00.000Z'),
      ];
      // Friday: settled on Monday.
      const friday = [await send(1_000_000, '2025-03-07T12:00:00.000Z')];

      const listed = await api('/settlement?from=2025-03-01&to=2025-03-31');
      expect(listed.json).toMatchObject({ status: true, message: 'Settlements retrieved' });
      const byDate = new Map<string, Json>(listed.json.data.map((s: Json) => [s.settlement_date.slice(0, 10), s]));
      expect([...byDate.keys()].sort()).toEqual(['2025-03-07', '2025-03-10']);
      for (const [date, sent] of [
        ['2025-03-07', thursday],
        ['2025-03-10', friday],
      ] as const) {
        const settlement = byDate.get(date)!;
        const gross = sent.reduce((sum, s) => sum + (s.json.data.amount as number), 0);
        const fees = sent.reduce((sum, s) => sum + (s.json.data.fees as number), 0);
        expect(settlement).toMatchObject({
          status: 'success',
          currency: 'NGN',
          total_processed: gross,
          total_fees: fees,
          total_amount: gross - fees,
          id: expect.any(Number),
        });
        const held = await api(`/settlement/${settlement.id}/transactions`);
        expect(held.json.data.map((t: Json) => t.reference).sort()).toEqual(
          sent.map((s) => s.json.data.reference as string).sort(),
        );
      }
      // ₦25,000 at 1% and ₦400,000 capped at ₦300.
      expect(byDate.get('2025-03-07')!.total_fees).toBe(25_000 + 30_000);

      const onlyMonday = await api('/settlement?from=2025-03-08&to=2025-03-10');
      expect(onlyMonday.json.data.map((s: Json) => s.settlement_date.slice(0, 10))).toEqual(['2025-03-10']);
      expect((await api('/settlement/1/transactions')).status).toBe(404);
    } finally {
      await own.close();
    }
  });

  it('serves a bank app page with a labelled form that sends a transfer', async () => {
    const { account } = await customerWithAccount('bankpage@example.ng', 'Kemi', 'Ojo');
    const page = await fetch(`${fake.url}/bank/${account.account_number}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('name="viewport" content="width=device-width,initial-scale=1"');
    expect(html).toContain('CRESTVIEW SCHOOLS / KEMI OJO');
    const { ids, unlabelled } = inputsAreLabelled(html);
    expect(ids).toEqual(['amount', 'sender_name', 'sender_bank', 'sender_account_number', 'narration']);
    expect(unlabelled).toEqual([]);
    expect(html).toMatch(/<button type="submit">Send transfer<\/button>/);

    const form = (fields: Record<string, string>) =>
      fetch(`${fake.url}/bank/${account.account_number}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    const sent = await form({
      amount: '25,000',
      sender_name: 'Kemi Ojo',
      sender_bank: 'GTBank',
      sender_account_number: '0123456789',
      narration: 'FAM-0107 second term',
    });
    expect(sent.status).toBe(200);
    const after = await sent.text();
    expect(after).toContain('Sent NGN 25,000.00');
    expect(after).toContain('The business was notified.');
    const delivery = events('charge.success').find(
      (r) => r.body.data.authorization.receiver_bank_account_number === account.account_number,
    );
    expect(delivery!.body.data).toMatchObject({
      amount: 2_500_000,
      authorization: { sender_name: 'KEMI OJO', sender_bank: 'GTBank', narration: 'FAM-0107 second term' },
    });

    const refused = await form({ amount: 'lots', sender_name: 'Kemi Ojo' });
    expect(refused.status).toBe(400);
    const error = await refused.text();
    expect(error).toContain('role="alert"');
    expect(error).toMatch(/id="amount"[^>]*aria-invalid="true"/);
    expect((await fetch(`${fake.url}/bank/0000000000`)).status).toBe(404);
  });
});

describe('local Flutterwave: virtual account numbers', () => {
  let fake: FlutterwaveFake;
  let hook: Awaited<ReturnType<typeof webhookReceiver>>;
  const app = () =>
    createFlutterwaveProvider({ baseUrl: fake.baseUrl, secretKey: FLUTTERWAVE_KEY, secretHash: FLUTTERWAVE_HASH });
  const flutterwave = (method: string, path: string, body?: unknown, key: string | undefined = FLUTTERWAVE_KEY) =>
    call(fake.url, method, path, body, key);
  const credits = () =>
    hook.received.filter((r) => {
      expect(app().parseWebhook(r.raw, r.headers), 'signed with the secret hash').not.toBeNull();
      return r.body.event === 'charge.completed';
    });

  beforeAll(async () => {
    hook = await webhookReceiver();
    fake = await startFlutterwaveFake({
      secretKey: FLUTTERWAVE_KEY,
      secretHash: FLUTTERWAVE_HASH,
      webhookUrl: hook.url,
    });
  });
  afterAll(async () => {
    await fake?.close();
    await hook?.close();
  });

  /** A static account; `bvn` null leaves it out. */
  const staticAccount = (txRef: string, bvn: string | null = '22212345678') =>
    flutterwave('POST', '/v3/virtual-account-numbers', {
      email: 'okeke.family@example.ng',
      ...(bvn === null ? {} : { bvn }),
      is_permanent: true,
      tx_ref: txRef,
      narration: 'Crestview / Okeke family',
      firstname: 'Ifeoma',
      lastname: 'Okeke',
      phonenumber: '08031112222',
    });

  it('makes a static account only with an 11-digit BVN, and finds it by order_ref', async () => {
    const noBvn = await staticAccount('va-okeke-nobvn', null);
    expect(noBvn.status).toBe(400);
    expect(noBvn.json).toMatchObject({ status: 'error', data: null });
    expect((await staticAccount('va-okeke-short', '1234')).status).toBe(400);
    expect((await flutterwave('POST', '/v3/virtual-account-numbers', { email: 'a@b.ng' }, 'wrong')).status).toBe(401);

    const made = await staticAccount('va-okeke-2025');
    expect(made.status).toBe(200);
    expect(made.json).toMatchObject({
      status: 'success',
      message: 'Virtual account created',
      data: {
        response_code: '02',
        response_message: 'Transaction in progress',
        flw_ref: expect.any(String),
        order_ref: expect.stringMatching(/^URF_/),
        frequency: expect.anything(),
        bank_name: expect.any(String),
        created_at: expect.any(String),
        expiry_date: 'N/A',
        note: expect.stringContaining('Crestview / Okeke family'),
      },
    });
    expect(made.json.data.account_number).toMatch(/^\d{10}$/);
    const fetched = await flutterwave('GET', `/v3/virtual-account-numbers/${made.json.data.order_ref}`);
    expect(fetched.json.data).toEqual(made.json.data);
    expect((await flutterwave('GET', '/v3/virtual-account-numbers/URF_nothing')).status).toBe(400);

    const dynamic = await flutterwave('POST', '/v3/virtual-account-numbers', {
      email: 'once@example.ng',
      is_permanent: false,
      tx_ref: 'va-dynamic-1',
      amount: 100,
    });
    // The fee is added to what the payer must send; the account expires.
    expect(dynamic.json.data).toMatchObject({ amount: '101.40' });
    expect(dynamic.json.data.expiry_date).not.toBe('N/A');
  });

  it('gives every credit to a static account the same tx_ref and its own id, signed, and verify finds each', async () => {
    const made = await staticAccount('va-okeke-credits');
    const number = made.json.data.account_number as string;
    const first = await call(fake.url, 'POST', `/__fake/virtual_accounts/${number}/transfers`, {
      amount: 50_000,
      sender_name: 'IFEOMA OKEKE',
      sender_bank: 'Access Bank',
      sender_account_number: '1234567890',
      narration: 'first instalment',
    });
    const second = await call(fake.url, 'POST', `/__fake/virtual_accounts/${number}/transfers`, {
      amount: '25000.50',
      sender_name: 'CHUKWU OKEKE',
      sender_bank: 'GTBank',
    });
    expect(first.json.webhook).toEqual({ delivered: true, status: 200 });
    const sent = credits().filter((r) => r.body.data.tx_ref === 'va-okeke-credits');
    expect(sent).toHaveLength(2);
    const [a, b] = sent.map((r) => r.body);
    expect(a!.data.tx_ref).toBe(b!.data.tx_ref);
    expect(a!.data.id).not.toBe(b!.data.id);
    expect(a!.data.flw_ref).not.toBe(b!.data.flw_ref);
    expect(a).toMatchObject({
      event: 'charge.completed',
      'event.type': 'BANK_TRANSFER_TRANSACTION',
      data: {
        payment_type: 'bank_transfer',
        status: 'successful',
        amount: 50_000,
        currency: 'NGN',
        narration: 'first instalment',
        meta: { originatorname: 'IFEOMA OKEKE', bankname: 'Access Bank', originatorbank: '044' },
      },
      meta_data: {
        originatorname: 'IFEOMA OKEKE',
        originatoraccountnumber: '123*****90',
        bankname: 'Access Bank',
        originatorbank: '044',
      },
    });
    expect(b!.data.amount).toBe(25_000.5);
    expect(sent[0]!.headers['verif-hash']).toBe(FLUTTERWAVE_HASH);
    // The app keeps them apart: its dedupe key is the transaction id, not the tx_ref.
    const keys = sent.map((r) => app().parseWebhook(r.raw, r.headers)!.dedupeKey);
    expect(new Set(keys).size).toBe(2);

    for (const [credit, answer] of [
      [a!, first],
      [b!, second],
    ] as const) {
      const verified = await flutterwave('GET', `/v3/transactions/${credit.data.id}/verify`);
      expect(verified.json.data).toMatchObject({
        id: credit.data.id,
        tx_ref: 'va-okeke-credits',
        amount: credit.data.amount,
        status: 'successful',
        payment_type: 'bank_transfer',
      });
      expect(answer.json.data.id).toBe(credit.data.id);
    }
    const listed = await flutterwave('GET', '/v3/transactions?tx_ref=va-okeke-credits');
    expect(listed.json.data).toHaveLength(2);

    // A lost credit, then redelivered by its id.
    const lost = await call(fake.url, 'POST', `/__fake/virtual_accounts/${number}/transfers`, {
      amount: 100,
      deliver: false,
    });
    expect(lost.json.webhook).toEqual({ delivered: false, status: null });
    const redelivered = await call(fake.url, 'POST', '/__fake/transactions/va-okeke-credits/webhook', {
      id: first.json.data.id,
    });
    expect(redelivered.json.data.statuses).toEqual([200]);
    expect(credits().at(-1)!.body.data.id).toBe(first.json.data.id);
    expect((await call(fake.url, 'POST', '/__fake/virtual_accounts/0000000000/transfers', { amount: 1 })).status).toBe(
      404,
    );
  });

  it('serves the bank app page for a virtual account', async () => {
    const made = await staticAccount('va-okeke-page');
    const html = await (await fetch(`${fake.url}/bank/${made.json.data.account_number}`)).text();
    expect(inputsAreLabelled(html).unlabelled).toEqual([]);
    const sent = await fetch(`${fake.url}/bank/${made.json.data.account_number}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ amount: '1500', sender_name: 'Ifeoma Okeke' }).toString(),
    });
    expect(await sent.text()).toContain('Sent NGN 1,500.00');
    expect(credits().at(-1)!.body.data).toMatchObject({ tx_ref: 'va-okeke-page', amount: 1500 });
  });
});
