/**
 * A local Paystack for tests and the demo: the same paths, envelopes, amounts in kobo, signed
 * webhooks and redirect parameters as api.paystack.co (../shared/research/payments.md §1, §6),
 * on its own Fastify instance on a loopback port. State is in memory. Test-only controls live
 * under /__fake/* and never on a real path.
 */
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { paystackSignature } from '../providers/paystack.js';

type Status = 'abandoned' | 'success' | 'failed' | 'reversed' | 'ongoing';

interface FakeTransaction {
  id: number;
  reference: string;
  accessCode: string;
  email: string;
  requestedAmount: number;
  /** What the payer is charged; differs from requestedAmount only when a test tampers with it. */
  amount: number;
  currency: string;
  callbackUrl: string | null;
  metadata: unknown;
  status: Status;
  channel: string | null;
  fees: number | null;
  paidAt: string | null;
  createdAt: string;
  customerId: number;
  /** Kobo already sent back to the payer through /refund. */
  refundedAmount: number;
}

interface FakeRefund {
  id: number;
  transaction: FakeTransaction;
  amount: number;
  status: 'pending' | 'processed';
  createdAt: string;
}

export interface WebhookDelivery {
  reference: string;
  event: string;
  status: number | null;
  error?: string;
  latencyMs: number;
}

export interface PaystackFakeOptions {
  secretKey: string;
  /** Where charge.success is POSTed; may be set later with setWebhookUrl. */
  webhookUrl?: string;
  minimumKobo?: number;
  host?: string;
  port?: number;
}

const REFERENCE = /^[A-Za-z0-9.=-]+$/;
const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Local card fees: 1.5% + ₦100 (₦100 waived under ₦2,500), capped at ₦2,000; in kobo. */
function cardFees(amount: number): number {
  const fee = Math.round(amount * 0.015) + (amount < 250_000 ? 0 : 10_000);
  return Math.min(fee, 200_000);
}

export async function startPaystackFake(options: PaystackFakeOptions) {
  const app = Fastify({ logger: false });
  const byReference = new Map<string, FakeTransaction>();
  const byAccessCode = new Map<string, FakeTransaction>();
  const deliveries: WebhookDelivery[] = [];
  const refunds: FakeRefund[] = [];
  let nextRefundId = 3_018_284;
  const inFlight = new Set<Promise<unknown>>();
  let webhookUrl = options.webhookUrl;
  let nextId = 4_099_260_000;
  const minimumKobo = options.minimumKobo ?? 5_000;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const authorized = (header: string | undefined) => header === `Bearer ${options.secretKey}`;
  const invalidKey = { status: false, message: 'Invalid key' };

  function verifyData(t: FakeTransaction) {
    return {
      id: t.id,
      domain: 'test',
      status: t.status,
      reference: t.reference,
      amount: t.amount,
      requested_amount: t.requestedAmount,
      currency: t.currency,
      channel: t.channel,
      gateway_response:
        t.status === 'success'
          ? 'Successful'
          : t.status === 'failed'
            ? 'Declined'
            : 'The transaction was not completed',
      message: null,
      paid_at: t.paidAt,
      created_at: t.createdAt,
      ip_address: '127.0.0.1',
      metadata: t.metadata,
      fees: t.fees,
      fees_split: null,
      log: null,
      authorization:
        t.status === 'success'
          ? {
              authorization_code: `AUTH_${t.accessCode.slice(0, 10)}`,
              bin: '408408',
              last4: '4081',
              channel: 'card',
              bank: 'TEST BANK',
              brand: 'visa',
              reusable: true,
            }
          : {},
      customer: { id: t.customerId, email: t.email, customer_code: `CUS_${t.accessCode.slice(0, 15)}` },
      plan: null,
      split: {},
      subaccount: {},
      order_id: null,
      paidAt: t.paidAt,
      transaction_date: t.createdAt,
      source: null,
      fees_breakdown: null,
    };
  }

  /** The exact bytes that are signed are the exact bytes that are sent. */
  async function deliver(t: FakeTransaction, control: { badSignature?: boolean } = {}) {
    const started = Date.now();
    const event = 'charge.success';
    if (!webhookUrl) {
      deliveries.push({ reference: t.reference, event, status: null, error: 'no webhook url', latencyMs: 0 });
      return null;
    }
    const body = JSON.stringify({ event, data: verifyData(t) });
    const signature = paystackSignature(control.badSignature ? 'sk_test_wrong' : options.secretKey, body);
    try {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
        body,
        signal: AbortSignal.timeout(30_000),
        redirect: 'manual',
      });
      await response.arrayBuffer();
      deliveries.push({ reference: t.reference, event, status: response.status, latencyMs: Date.now() - started });
      return response.status;
    } catch (error) {
      deliveries.push({
        reference: t.reference,
        event,
        status: null,
        error: String(error),
        latencyMs: Date.now() - started,
      });
      return null;
    }
  }

  function track<T>(promise: Promise<T>) {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
    return promise;
  }

  app.post('/transaction/initialize', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.code(401).send(invalidKey);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const missing = (message: string) =>
      reply.code(400).send({
        status: false,
        message,
        meta: { nextStep: 'Ensure that you provide all required parameters' },
        type: 'validation_error',
        code: 'missing_params',
      });
    if (typeof body.email !== 'string' || !body.email) return missing('Email Address is required');
    const amount = typeof body.amount === 'string' && /^\d+$/.test(body.amount) ? Number(body.amount) : body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount)) return missing('Amount is required');
    if (amount < minimumKobo) {
      return reply
        .code(400)
        .send({ status: false, message: 'Invalid Amount Sent', type: 'validation_error', code: 'invalid_amount' });
    }
    const currency = typeof body.currency === 'string' ? body.currency : 'NGN';
    if (currency !== 'NGN')
      return reply.code(400).send({ status: false, message: 'Currency not supported by merchant' });
    const reference =
      typeof body.reference === 'string' && body.reference ? body.reference : randomBytes(5).toString('hex');
    if (!REFERENCE.test(reference)) {
      return reply.code(400).send({
        status: false,
        message: 'Invalid transaction reference',
        type: 'validation_error',
        code: 'invalid_reference',
      });
    }
    if (byReference.has(reference)) {
      return reply.code(400).send({
        status: false,
        message: 'Duplicate Transaction Reference',
        meta: { nextStep: 'Try and create the Transaction or Charge with a new reference' },
        type: 'validation_error',
        code: 'duplicate_reference',
      });
    }
    const accessCode = randomBytes(8).toString('hex').slice(0, 15);
    const t: FakeTransaction = {
      id: nextId++,
      reference,
      accessCode,
      email: body.email,
      requestedAmount: amount,
      amount,
      currency,
      callbackUrl: typeof body.callback_url === 'string' ? body.callback_url : null,
      metadata: body.metadata ?? '',
      // Until the payer acts, Paystack reports an initialized transaction as abandoned.
      status: 'abandoned',
      channel: null,
      fees: null,
      paidAt: null,
      createdAt: new Date().toISOString(),
      customerId: 180_000_000 + byReference.size,
      refundedAmount: 0,
    };
    byReference.set(reference, t);
    byAccessCode.set(accessCode, t);
    return {
      status: true,
      message: 'Authorization URL created',
      data: { authorization_url: `${baseUrl()}/checkout/${accessCode}`, access_code: accessCode, reference },
    };
  });

  app.get<{ Params: { reference: string } }>('/transaction/verify/:reference', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.code(401).send(invalidKey);
    const t = byReference.get(request.params.reference);
    if (!t) {
      return reply.code(404).send({
        status: false,
        message: 'Transaction reference not found',
        meta: { nextStep: 'Ensure that you are passing the correct reference' },
        type: 'validation_error',
        code: 'transaction_not_found',
      });
    }
    return { status: true, message: 'Verification successful', data: verifyData(t) };
  });

  /** The list endpoint (also what a dashboard "test connection" can call cheaply). */
  app.get<{ Querystring: { perPage?: string; page?: string; status?: string } }>(
    '/transaction',
    async (request, reply) => {
      if (!authorized(request.headers.authorization)) return reply.code(401).send(invalidKey);
      const perPage = Math.max(1, Math.min(Number(request.query.perPage) || 50, 100));
      const page = Math.max(1, Number(request.query.page) || 1);
      const all = [...byReference.values()]
        .filter((t) => !request.query.status || t.status === request.query.status)
        .reverse();
      return {
        status: true,
        message: 'Transactions retrieved',
        data: all.slice((page - 1) * perPage, page * perPage).map(verifyData),
        meta: {
          total: all.length,
          skipped: (page - 1) * perPage,
          perPage,
          page,
          pageCount: Math.max(1, Math.ceil(all.length / perPage)),
        },
      };
    },
  );

  /** POST /refund: `transaction` is the reference or the numeric id; `amount` (kobo) defaults to what is left. */
  app.post('/refund', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.code(401).send(invalidKey);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const key = body.transaction === undefined || body.transaction === null ? '' : String(body.transaction);
    if (!key) {
      return reply.code(400).send({
        status: false,
        message: 'Transaction reference or id is required',
        meta: { nextStep: 'Ensure that you provide all required parameters' },
        type: 'validation_error',
        code: 'missing_params',
      });
    }
    const t = byReference.get(key) ?? [...byReference.values()].find((candidate) => String(candidate.id) === key);
    if (!t) {
      return reply.code(400).send({
        status: false,
        message: 'Transaction not found',
        meta: { nextStep: 'Ensure that you are passing the correct transaction reference or id' },
        type: 'validation_error',
        code: 'transaction_not_found',
      });
    }
    if (t.paidAt === null || (t.status !== 'success' && t.status !== 'reversed')) {
      return reply.code(400).send({
        status: false,
        message: 'Cannot refund a transaction that was not successful',
        type: 'validation_error',
        code: 'invalid_transaction_status',
      });
    }
    const left = t.amount - t.refundedAmount;
    if (left <= 0) {
      return reply.code(400).send({
        status: false,
        message: 'Transaction has been fully reversed',
        type: 'validation_error',
        code: 'transaction_reversed',
      });
    }
    const rawAmount = typeof body.amount === 'string' && /^\d+$/.test(body.amount) ? Number(body.amount) : body.amount;
    const amount = rawAmount === undefined || rawAmount === null ? left : rawAmount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
      return reply
        .code(400)
        .send({ status: false, message: 'Invalid Amount Sent', type: 'validation_error', code: 'invalid_amount' });
    }
    if (amount > left) {
      return reply.code(400).send({
        status: false,
        message: 'Refund amount cannot be greater than transaction amount',
        type: 'validation_error',
        code: 'invalid_amount',
      });
    }
    t.refundedAmount += amount;
    if (t.refundedAmount === t.amount) t.status = 'reversed';
    const now = new Date().toISOString();
    const refund: FakeRefund = { id: nextRefundId++, transaction: t, amount, status: 'pending', createdAt: now };
    refunds.push(refund);
    const {
      id,
      domain,
      reference,
      amount: charged,
      paid_at,
      channel,
      currency,
      authorization,
      customer,
    } = verifyData(t);
    return {
      status: true,
      message: 'Refund has been queued for processing',
      data: {
        transaction: {
          id,
          domain,
          reference,
          amount: charged,
          paid_at,
          channel,
          currency,
          authorization,
          customer,
          plan: {},
          subaccount: {},
          split: {},
          order_id: null,
          paidAt: paid_at,
          pos_transaction_data: null,
          source: null,
          fees_breakdown: null,
        },
        integration: 412_829,
        deducted_amount: 0,
        channel: null,
        merchant_note: `Refund for transaction ${t.reference}`,
        customer_note: `Refund for transaction ${t.reference}`,
        status: refund.status,
        refunded_by: 'local@schoolledger.ng',
        expected_at: new Date(Date.now() + 9 * 86_400_000).toISOString(),
        currency: t.currency,
        domain: 'test',
        amount,
        fully_deducted: false,
        id: refund.id,
        createdAt: now,
        updatedAt: now,
      },
    };
  });

  function page(t: FakeTransaction, note = '') {
    const naira = (t.requestedAmount / 100).toLocaleString('en-NG', { minimumFractionDigits: 2 });
    const action = (name: string, label: string) =>
      `<form method="post" action="/checkout/${t.accessCode}/${name}"><button type="submit" name="action" value="${name}">${label}</button></form>`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Paystack (local) checkout</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px}button{display:block;width:100%;margin:8px 0;padding:12px;font-size:16px}</style>
</head><body><h1>Local Paystack checkout</h1>
<p>${escapeHtml(t.email)}</p><p>Pay <strong>NGN ${escapeHtml(naira)}</strong></p><p>Reference: <code>${escapeHtml(t.reference)}</code></p>
<p role="status">${escapeHtml(note || `Status: ${t.status}`)}</p>
${t.status === 'success' ? '' : action('pay', 'Pay') + action('fail', 'Fail') + action('abandon', 'Abandon')}
</body></html>`;
  }

  const findCheckout = (code: string) => byAccessCode.get(code);

  app.get<{ Params: { code: string } }>('/checkout/:code', async (request, reply) => {
    const t = findCheckout(request.params.code);
    if (!t) return reply.code(404).type('text/html').send('<p>This checkout link is invalid or has expired.</p>');
    return reply.type('text/html').send(page(t));
  });

  app.post<{ Params: { code: string } }>('/checkout/:code/pay', async (request, reply) => {
    const t = findCheckout(request.params.code);
    if (!t) return reply.code(404).type('text/html').send('<p>This checkout link is invalid or has expired.</p>');
    if (t.status !== 'success') {
      t.status = 'success';
      t.channel = 'card';
      t.fees = cardFees(t.amount);
      t.paidAt = new Date().toISOString();
      // The real service redirects the browser and sends the webhook independently.
      track(deliver(t));
    }
    if (!t.callbackUrl) return reply.type('text/html').send(page(t, 'Payment successful'));
    const target = new URL(t.callbackUrl);
    target.searchParams.set('trxref', t.reference);
    target.searchParams.set('reference', t.reference);
    return reply.redirect(target.toString(), 302);
  });

  app.post<{ Params: { code: string } }>('/checkout/:code/fail', async (request, reply) => {
    const t = findCheckout(request.params.code);
    if (!t) return reply.code(404).type('text/html').send('<p>This checkout link is invalid or has expired.</p>');
    if (t.status !== 'success') t.status = 'failed';
    // No failure webhooks exist at Paystack; the page stays so the payer can try again.
    return reply.type('text/html').send(page(t, 'Declined. Try again or use another card.'));
  });

  app.post<{ Params: { code: string } }>('/checkout/:code/abandon', async (request, reply) => {
    const t = findCheckout(request.params.code);
    if (!t) return reply.code(404).type('text/html').send('<p>This checkout link is invalid or has expired.</p>');
    if (t.status !== 'success') t.status = 'abandoned';
    const metadata = t.metadata as { cancel_action?: unknown } | null;
    if (metadata && typeof metadata === 'object' && typeof metadata.cancel_action === 'string') {
      return reply.redirect(metadata.cancel_action, 302);
    }
    return reply.type('text/html').send(page(t, 'Payment cancelled. You can close this window.'));
  });

  // ---- test-only controls ----
  app.post<{ Params: { reference: string }; Body: { status: Status } }>(
    '/__fake/transactions/:reference/status',
    async (request, reply) => {
      const t = byReference.get(request.params.reference);
      if (!t) return reply.code(404).send({ status: false });
      t.status = request.body.status;
      return { status: true, data: verifyData(t) };
    },
  );

  /** Makes the provider report another amount or currency, as a tampered or misconfigured charge would. */
  app.post<{ Params: { reference: string }; Body: { amount?: number; currency?: string } }>(
    '/__fake/transactions/:reference/amount',
    async (request, reply) => {
      const t = byReference.get(request.params.reference);
      if (!t) return reply.code(404).send({ status: false });
      if (request.body.amount !== undefined) {
        t.amount = request.body.amount;
        t.requestedAmount = request.body.amount;
      }
      if (request.body.currency) t.currency = request.body.currency;
      return { status: true, data: verifyData(t) };
    },
  );

  /** Re-sends charge.success `count` times at once (duplicates, replays) and answers the HTTP statuses. */
  app.post<{ Params: { reference: string }; Body: { count?: number; badSignature?: boolean } }>(
    '/__fake/transactions/:reference/webhook',
    async (request, reply) => {
      const t = byReference.get(request.params.reference);
      if (!t) return reply.code(404).send({ status: false });
      const count = Math.max(1, Math.min(request.body?.count ?? 1, 500));
      const statuses = await Promise.all(
        Array.from({ length: count }, () => track(deliver(t, { badSignature: request.body?.badSignature }))),
      );
      return { status: true, data: { statuses } };
    },
  );

  app.get('/__fake/deliveries', async () => ({ status: true, data: deliveries }));

  await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('fake Paystack did not bind a port');
  const url = `http://${options.host ?? '127.0.0.1'}:${address.port}`;
  function baseUrl() {
    return url;
  }

  return {
    url,
    deliveries,
    transaction: (reference: string) => byReference.get(reference),
    /** Refunds asked for through POST /refund, oldest first. */
    refunds: () =>
      refunds.map((r) => ({ id: r.id, reference: r.transaction.reference, amount: r.amount, status: r.status })),
    setWebhookUrl(next: string | undefined) {
      webhookUrl = next;
    },
    /** Waits for webhook deliveries still on the wire. */
    async settled() {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
    async close() {
      await Promise.allSettled([...inFlight]);
      await app.close();
    },
  };
}

export type PaystackFake = Awaited<ReturnType<typeof startPaystackFake>>;
