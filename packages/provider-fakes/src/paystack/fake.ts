/**
 * A local Paystack for tests and the demo: the same paths, envelopes, amounts in kobo, signed
 * webhooks and redirect parameters as api.paystack.co (../shared/research/payments.md §1, §6),
 * on its own Fastify instance on a loopback port. State is in memory. Test-only controls live
 * under /__fake/* and never on a real path.
 */
import { randomBytes } from 'node:crypto';
import { checkoutPage } from '../checkout-page.js';
import { fakeServer, inFlight, listen } from '../http.js';
import { customerStore, registerCustomers } from './customers.js';
import { registerDedicatedAccounts } from './dedicated-accounts.js';
import { registerSettlements } from './settlements.js';
import {
  cardFees,
  disputeData,
  type FakeRefund,
  type FakeTransaction,
  refundData,
  refundEventData,
  type Status,
  sign,
  verifyData,
} from './wire.js';

export interface WebhookDelivery {
  reference: string;
  event: string;
  status: number | null;
  error?: string;
  latencyMs: number;
}

/**
 * A fault the fake plays on its API (not its checkout pages or controls): `invalid-key` answers
 * 400 "Invalid key" as Paystack does for a key it does not know, `hang` never answers,
 * `server-error` answers 500.
 */
export type PaystackFault = 'invalid-key' | 'hang' | 'server-error' | null;

/** What Paystack reports of a refund in its refund webhooks. */
export type RefundOutcome = 'processed' | 'failed' | 'needs-attention';

export interface PaystackFakeOptions {
  secretKey: string;
  /** Where charge.success is POSTed; may be set later with setWebhookUrl. */
  webhookUrl?: string;
  minimumKobo?: number;
  /** When set, every refund is processed (with its refund.processed webhook) this long after it was asked for. */
  processRefundsAfterMs?: number;
  /** The business's name, as dedicated account names begin with it (`"<BUSINESS> / <CUSTOMER>"`). */
  businessName?: string;
  /** How long after answering "in progress" the fake sends the outcome (DVA assignment, requery); 50 ms unless given. */
  eventDelayMs?: number;
  host?: string;
  port?: number;
}

const REFERENCE = /^[A-Za-z0-9.=-]+$/;

export async function startPaystackFake(options: PaystackFakeOptions) {
  const app = fakeServer();
  const byReference = new Map<string, FakeTransaction>();
  const byAccessCode = new Map<string, FakeTransaction>();
  const deliveries: WebhookDelivery[] = [];
  const refunds: FakeRefund[] = [];
  let nextRefundId = 3_018_284;
  const pending = inFlight();
  let webhookUrl = options.webhookUrl;
  let nextId = 4_099_260_000;
  const minimumKobo = options.minimumKobo ?? 5_000;
  let fault: PaystackFault = null;
  let passFeesToPayer = false;
  let nextDisputeId = 2_867_000;
  const hanging = new Set<() => void>();
  const timers = new Set<NodeJS.Timeout>();
  const customers = customerStore();
  const eventDelayMs = options.eventDelayMs ?? 50;
  /** Work done a moment after an "in progress" answer; `settled` (and `close`) wait for it. */
  const later = <T>(work: () => Promise<T>) =>
    pending.track(
      new Promise<T>((resolve, reject) => {
        setTimeout(() => work().then(resolve, reject), eventDelayMs);
      }),
    );

  const authorized = (header: string | undefined) => header === `Bearer ${options.secretKey}`;
  const invalidKey = { status: false, message: 'Invalid key' };

  /** The exact bytes that are signed are the exact bytes that are sent. */
  async function send(event: string, data: unknown, reference: string, control: { badSignature?: boolean } = {}) {
    const started = Date.now();
    if (!webhookUrl) {
      deliveries.push({ reference, event, status: null, error: 'no webhook url', latencyMs: 0 });
      return null;
    }
    const body = JSON.stringify({ event, data });
    const signature = sign(control.badSignature ? 'sk_test_wrong' : options.secretKey, body);
    try {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
        body,
        signal: AbortSignal.timeout(30_000),
        redirect: 'manual',
      });
      await response.arrayBuffer();
      deliveries.push({ reference, event, status: response.status, latencyMs: Date.now() - started });
      return response.status;
    } catch (error) {
      deliveries.push({ reference, event, status: null, error: String(error), latencyMs: Date.now() - started });
      return null;
    }
  }

  /** charge.success for `t`; `override` changes fields of the data sent only (a webhook verify will contradict). */
  const deliver = (t: FakeTransaction, control: { badSignature?: boolean; override?: Record<string, unknown> } = {}) =>
    send('charge.success', { ...verifyData(t), ...control.override }, t.reference, control);

  async function dispute(reference: string, step: 'create' | 'remind' | 'resolve', resolution?: string) {
    const t = byReference.get(reference);
    if (!t) throw new Error(`no transaction ${reference}`);
    t.disputeId ??= nextDisputeId++;
    const data = disputeData(t, t.disputeId, step === 'resolve' ? (resolution ?? 'declined') : null);
    return pending.track(send(`charge.dispute.${step}`, data, reference));
  }

  async function finishRefund(id: number, outcome: RefundOutcome) {
    const refund = refunds.find((r) => r.id === id);
    if (!refund) throw new Error(`no refund ${id}`);
    if (outcome === 'processed') refund.status = 'processed';
    if (outcome === 'failed') {
      refund.status = 'failed';
      refund.transaction.refundedAmount -= refund.amount;
      if (refund.transaction.status === 'reversed') refund.transaction.status = 'success';
    }
    if (outcome === 'needs-attention') refund.status = 'needs-attention';
    return pending.track(send(`refund.${outcome}`, refundEventData(refund), refund.transaction.reference));
  }

  // The API plays the fault; the hosted checkout and the test controls keep working.
  app.addHook('onRequest', async (request, reply) => {
    if (!fault || ['/__fake/', '/checkout/', '/bank/'].some((prefix) => request.url.startsWith(prefix))) return;
    if (fault === 'invalid-key') return reply.code(400).send(invalidKey);
    if (fault === 'server-error') return reply.code(500).send({ status: false, message: 'An error occurred' });
    await new Promise<void>((resolve) => hanging.add(resolve));
    return reply.code(500).send({ status: false, message: 'Gateway timeout' });
  });

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
    // The payer becomes (or is found as) a Paystack customer by email, as on the real service.
    const customer = customers.ensure(body.email);
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
      customerId: customer.id,
      refundedAmount: 0,
      customer,
    };
    byReference.set(reference, t);
    byAccessCode.set(accessCode, t);
    return {
      status: true,
      message: 'Authorization URL created',
      data: { authorization_url: `${url}/checkout/${accessCode}`, access_code: accessCode, reference },
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
  app.get<{ Querystring: { perPage?: string; page?: string; status?: string; from?: string; to?: string } }>(
    '/transaction',
    async (request, reply) => {
      if (!authorized(request.headers.authorization)) return reply.code(401).send(invalidKey);
      const perPage = Math.max(1, Math.min(Number(request.query.perPage) || 50, 100));
      const page = Math.max(1, Number(request.query.page) || 1);
      // `from`/`to`: a date alone is that day's midnight (UTC), a timestamp itself; by when it was paid, else made.
      const bound = (value: string | undefined) =>
        value ? Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value) : undefined;
      const from = bound(request.query.from);
      const to = bound(request.query.to);
      if (Number.isNaN(from) || Number.isNaN(to)) {
        return reply
          .code(400)
          .send({ status: false, message: 'Invalid date', type: 'validation_error', code: 'invalid_params' });
      }
      const all = [...byReference.values()]
        .filter((t) => !request.query.status || t.status === request.query.status)
        .filter((t) => {
          const at = Date.parse(t.paidAt ?? t.createdAt);
          return (from === undefined || at >= from) && (to === undefined || at <= to);
        })
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
    const refund: FakeRefund = {
      id: nextRefundId++,
      transaction: t,
      amount,
      status: 'pending',
      createdAt: new Date().toISOString(),
    };
    refunds.push(refund);
    // Paystack answers every refund pending and finishes it later, with a refund.* webhook.
    if (options.processRefundsAfterMs !== undefined) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (refund.status === 'pending') void finishRefund(refund.id, 'processed');
      }, options.processRefundsAfterMs);
      timers.add(timer);
    }
    return { status: true, message: 'Refund has been queued for processing', data: refundData(refund) };
  });

  app.get<{ Params: { id: string } }>('/refund/:id', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.code(401).send(invalidKey);
    const refund = refunds.find((r) => String(r.id) === request.params.id);
    if (!refund) {
      return reply.code(404).send({ status: false, message: 'Refund not found', code: 'not_found' });
    }
    return { status: true, message: 'Refund retrieved', data: refundData(refund) };
  });

  const page = (t: FakeTransaction, note = '') =>
    checkoutPage({
      provider: 'Paystack',
      email: t.email,
      amountKobo: t.requestedAmount,
      reference: t.reference,
      note: note || `Status: ${t.status}`,
      actionPath: `/checkout/${t.accessCode}`,
      actions:
        t.status === 'success'
          ? []
          : [
              ['pay', 'Pay'],
              ['fail', 'Fail'],
              ['abandon', 'Abandon'],
            ],
    });

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
      t.fees = cardFees(t.requestedAmount);
      // With fees passed to the payer, `amount` is what was charged and `requested_amount` what was asked.
      if (passFeesToPayer) t.amount = t.requestedAmount + t.fees;
      t.paidAt = new Date().toISOString();
      // The real service redirects the browser and sends the webhook independently.
      pending.track(deliver(t));
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

  /**
   * Re-sends charge.success `count` times at once (duplicates, replays) and answers the HTTP
   * statuses. `override` replaces fields of the data sent (say `{ "amount": 1 }`) and not what
   * verify answers: a webhook the verification contradicts.
   */
  app.post<{
    Params: { reference: string };
    Body: { count?: number; badSignature?: boolean; override?: Record<string, unknown> };
  }>('/__fake/transactions/:reference/webhook', async (request, reply) => {
    const t = byReference.get(request.params.reference);
    if (!t) return reply.code(404).send({ status: false });
    const count = Math.max(1, Math.min(request.body?.count ?? 1, 500));
    const control = { badSignature: request.body?.badSignature, override: request.body?.override };
    const statuses = await Promise.all(Array.from({ length: count }, () => pending.track(deliver(t, control))));
    return { status: true, data: { statuses } };
  });

  app.get('/__fake/deliveries', async () => ({ status: true, data: deliveries }));

  /** Processes the transaction's pending refunds now (as the timer would) and answers their webhooks' statuses. */
  app.post<{ Params: { reference: string } }>(
    '/__fake/transactions/:reference/refunds/process',
    async (request, reply) => {
      if (!byReference.has(request.params.reference)) return reply.code(404).send({ status: false });
      const waiting = refunds.filter(
        (refund) => refund.transaction.reference === request.params.reference && refund.status === 'pending',
      );
      return {
        status: true,
        data: { statuses: await Promise.all(waiting.map((refund) => finishRefund(refund.id, 'processed'))) },
      };
    },
  );

  /** Opens, reminds or resolves a dispute of the transaction (see `dispute` below) and answers the webhook's status. */
  app.post<{ Params: { reference: string }; Body: { step?: 'create' | 'remind' | 'resolve'; resolution?: string } }>(
    '/__fake/transactions/:reference/dispute',
    async (request, reply) => {
      if (!byReference.has(request.params.reference)) return reply.code(404).send({ status: false });
      const step = request.body?.step ?? 'create';
      if (!['create', 'remind', 'resolve'].includes(step)) return reply.code(400).send({ status: false });
      return {
        status: true,
        data: { webhookStatus: await dispute(request.params.reference, step, request.body?.resolution) },
      };
    },
  );

  const authorizedCtx = { authorized, invalidKey };
  registerCustomers(app, { ...authorizedCtx, customers, dedicatedAccounts: () => dedicated.accounts() });
  const dedicated = registerDedicatedAccounts(app, {
    ...authorizedCtx,
    customers,
    transactions: byReference,
    nextTransactionId: () => nextId++,
    send: (event, data, reference) => send(event, data, reference),
    deliver: (t) => deliver(t),
    deliveries,
    pending,
    later,
    businessName: options.businessName ?? 'SchoolLedger',
  });
  registerSettlements(app, { ...authorizedCtx, transactions: byReference });

  const url = await listen(app, options, 'Paystack');

  return {
    url,
    deliveries,
    transaction: (reference: string) => byReference.get(reference),
    /** How many API requests the `hang` fault holds now: a test waits for its request to arrive. */
    hangingRequests: () => hanging.size,
    /** Makes the API play `next` until it is set back to null; a hanging request is released then. */
    setFault(next: PaystackFault) {
      fault = next;
      if (!next) {
        for (const release of hanging) release();
        hanging.clear();
      }
    },
    /** Passes the card fees to the payer from now on: `amount` is then above `requested_amount`. */
    setPassFeesToPayer(on: boolean) {
      passFeesToPayer = on;
    },
    /**
     * Finishes refund `id` as Paystack would days later and sends its refund.* webhook, which
     * names the transaction in `transaction_reference`. A failed refund gives the money back to
     * the transaction; one that needs attention stays pending.
     */
    finishRefund,
    /**
     * A payer's dispute of transaction `reference`: `create`, `remind`, or `resolve` with
     * Paystack's resolution (`merchant-accepted`: the payer gets the money back; `declined`: the
     * school keeps it). The dispute names the transaction in `data.transaction.reference`.
     */
    dispute,
    /** Sends any signed event, for instance for a reference the app never issued. */
    async sendEvent(event: string, data: Record<string, unknown>, reference = '') {
      return pending.track(send(event, data, reference));
    },
    /** Customers (checkout payers and DVA holders), oldest first. */
    customers: () => customers.all(),
    /** Dedicated virtual accounts, oldest first; `dedicatedAccount` finds one by its number. */
    dedicatedAccounts: dedicated.accounts,
    dedicatedAccount: dedicated.account,
    /**
     * Someone's bank sends `amount` kobo to the DVA numbered `accountNumber`, as the control
     * action POST /__fake/dedicated_accounts/:account_number/transfers does: answers the
     * transaction (as verify shows it) and the webhook's HTTP status (null when lost or refused).
     */
    transferToDedicatedAccount: dedicated.transfer,
    /** From now on DVA assignments fail (dedicatedaccount.assign.failed), until set back to false. */
    setFailAssignments: dedicated.setFailAssignments,
    restoreDedicatedAccount: dedicated.restore,
    /** Refunds asked for through POST /refund, oldest first. */
    refunds: () =>
      refunds.map((r) => ({ id: r.id, reference: r.transaction.reference, amount: r.amount, status: r.status })),
    setWebhookUrl(next: string | undefined) {
      webhookUrl = next;
    },
    /** Waits for webhook deliveries still on the wire. */
    settled: pending.settled,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      await pending.settled();
      await app.close();
    },
  };
}

export type PaystackFake = Awaited<ReturnType<typeof startPaystackFake>>;
