/**
 * A local Flutterwave (v3) for tests and the demo: the same paths under /v3, envelopes, amounts in
 * naira (major units), `verif-hash` webhooks and redirect parameters as api.flutterwave.com
 * (../shared/research/payments.md §2, §6), on its own Fastify instance on a loopback port. State
 * is in memory; amounts are kept in kobo and only turned into naira on the wire. Test-only
 * controls live under /__fake/* and never on a real path.
 */

import { createHmac, randomBytes } from 'node:crypto';
import { checkoutPage } from '../checkout-page.js';
import { fakeServer, inFlight, listen } from '../http.js';
import { registerSettlements } from './settlements.js';
import { registerVirtualAccounts } from './virtual-accounts.js';
import { chargeData, type FakeAttempt, type FakeCharge, naira, type Status, toKobo, transferMeta } from './wire.js';

/**
 * How webhooks are signed: v3's `verif-hash` (the secret hash itself), the newer
 * `flutterwave-signature` (base64 HMAC-SHA256 of the body keyed with the secret hash, as
 * Flutterwave's v4 SDK computes it), or both headers.
 */
export type FlutterwaveSignatureStyle = 'verif-hash' | 'flutterwave-signature' | 'both';

export interface FlutterwaveWebhookDelivery {
  txRef: string;
  /** The transaction's id (a virtual account's credits share their tx_ref). */
  id?: number | null;
  event: string;
  status: number | null;
  error?: string;
  latencyMs: number;
}

export interface FlutterwaveFakeOptions {
  secretKey: string;
  /** What the fake sends in `verif-hash` (the dashboard's "secret hash"). */
  secretHash: string;
  /** Where charge.completed is POSTed; may be set later with setWebhookUrl. */
  webhookUrl?: string;
  host?: string;
  port?: number;
}

export async function startFlutterwaveFake(options: FlutterwaveFakeOptions) {
  const app = fakeServer();
  const byTxRef = new Map<string, FakeCharge>();
  const byCode = new Map<string, FakeCharge>();
  const deliveries: FlutterwaveWebhookDelivery[] = [];
  const refunds: { id: number; txRef: string; amountKobo: number; createdAt: string }[] = [];
  let signatureStyle: FlutterwaveSignatureStyle = 'verif-hash';
  const pending = inFlight();
  let webhookUrl = options.webhookUrl;
  let nextId = 288_200_108;
  let nextRefundId = 75_923;

  function unauthorized(header: string | undefined) {
    if (!header) return { status: 'error', message: 'Authorization required', data: null };
    if (header !== `Bearer ${options.secretKey}`)
      return { status: 'error', message: 'Invalid authorization key', data: null };
    return null;
  }
  const notFound = { status: 'error', message: 'No transaction was found for this id', data: null };

  /** verif-hash is the configured secret hash itself, not a signature of the body. */
  async function deliver(c: FakeCharge, control: { badHash?: boolean; attempt?: FakeAttempt } = {}) {
    const started = Date.now();
    const event = 'charge.completed';
    const sent = control.attempt ?? c.attempts.at(-1);
    const id = sent?.id ?? c.id;
    if (!webhookUrl) {
      deliveries.push({ txRef: c.txRef, id, event, status: null, error: 'no webhook url', latencyMs: 0 });
      return null;
    }
    // A bank transfer's originator comes beside `data` too, in `meta_data`.
    const body = JSON.stringify(
      sent?.transfer
        ? {
            event,
            data: chargeData(c, sent),
            meta_data: transferMeta(sent.transfer),
            'event.type': 'BANK_TRANSFER_TRANSACTION',
          }
        : { event, data: chargeData(c, sent), 'event.type': 'CARD_TRANSACTION' },
    );
    const hash = control.badHash ? 'not-the-secret-hash' : options.secretHash;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (signatureStyle !== 'flutterwave-signature') headers['verif-hash'] = hash;
    if (signatureStyle !== 'verif-hash') {
      headers['flutterwave-signature'] = createHmac('sha256', hash).update(body).digest('base64');
    }
    try {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(60_000),
        redirect: 'manual',
      });
      await response.arrayBuffer();
      deliveries.push({ txRef: c.txRef, id, event, status: response.status, latencyMs: Date.now() - started });
      return response.status;
    } catch (error) {
      deliveries.push({
        txRef: c.txRef,
        id,
        event,
        status: null,
        error: String(error),
        latencyMs: Date.now() - started,
      });
      return null;
    }
  }

  /** A new transaction under the checkout's tx_ref, as each try to pay makes one. */
  function attempt(c: FakeCharge, status: Status): FakeAttempt {
    const made: FakeAttempt = {
      id: nextId++,
      flwRef: `FLW-MOCK-${randomBytes(8).toString('hex')}`,
      status,
      createdAt: new Date().toISOString(),
    };
    c.attempts.push(made);
    c.id = made.id;
    c.flwRef = made.flwRef;
    c.createdAt = made.createdAt;
    c.status = status;
    return made;
  }

  /** The checkout and attempt with transaction id `id`. */
  function findAttempt(id: string) {
    for (const c of byTxRef.values()) {
      const found = c.attempts.find((a) => String(a.id) === id);
      if (found) return { c, attempt: found };
    }
    return null;
  }

  app.post('/v3/payments', async (request, reply) => {
    const denied = unauthorized(request.headers.authorization);
    if (denied) return reply.code(401).send(denied);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const invalid = (message: string) => reply.code(400).send({ status: 'error', message, data: null });
    if (typeof body.tx_ref !== 'string' || !body.tx_ref) return invalid('tx_ref is required');
    const amountKobo = toKobo(body.amount);
    if (amountKobo === null || amountKobo <= 0) return invalid('amount is required');
    const customer = (body.customer ?? {}) as Record<string, unknown>;
    if (typeof customer.email !== 'string' || !customer.email) return invalid('customer.email is required');
    const currency = typeof body.currency === 'string' ? body.currency : 'NGN';
    if (currency !== 'NGN') return invalid('Invalid currency');
    // Each call makes a fresh hosted link; a tx_ref already used keeps its transaction.
    const existing = byTxRef.get(body.tx_ref);
    const code = `flwlnk-${randomBytes(13).toString('hex')}`;
    const c: FakeCharge = existing ?? {
      id: null,
      attempts: [],
      txRef: body.tx_ref,
      flwRef: null,
      code,
      email: customer.email,
      name: typeof customer.name === 'string' ? customer.name : null,
      requestedKobo: amountKobo,
      amountKobo,
      currency,
      redirectUrl: typeof body.redirect_url === 'string' ? body.redirect_url : null,
      meta: body.meta ?? null,
      status: 'pending',
      createdAt: new Date().toISOString(),
      customerId: 216_519_823 + byTxRef.size,
      refundedKobo: 0,
    };
    byTxRef.set(c.txRef, c);
    byCode.set(code, c);
    return { status: 'success', message: 'Hosted Link', data: { link: `${url}/v3/hosted/pay/${code}` } };
  });

  app.get<{ Params: { id: string } }>('/v3/transactions/:id/verify', async (request, reply) => {
    const denied = unauthorized(request.headers.authorization);
    if (denied) return reply.code(401).send(denied);
    const found = findAttempt(request.params.id);
    if (!found) return reply.code(400).send(notFound);
    return { status: 'success', message: 'Transaction fetched successfully', data: chargeData(found.c, found.attempt) };
  });

  app.get<{ Querystring: { tx_ref?: string } }>('/v3/transactions/verify_by_reference', async (request, reply) => {
    const denied = unauthorized(request.headers.authorization);
    if (denied) return reply.code(401).send(denied);
    const c = byTxRef.get(request.query.tx_ref ?? '');
    // Nothing was attempted yet: Flutterwave has no transaction for the reference.
    if (!c?.attempts.length) return reply.code(400).send(notFound);
    // Which of several attempts Flutterwave answers is not documented; the first is the worst case
    // for an integration that trusts it (a declined card, when the retry was paid).
    return { status: 'success', message: 'Transaction fetched successfully', data: chargeData(c, c.attempts[0]) };
  });

  app.get<{ Querystring: { page?: string; status?: string; tx_ref?: string } }>(
    '/v3/transactions',
    async (request, reply) => {
      const denied = unauthorized(request.headers.authorization);
      if (denied) return reply.code(401).send(denied);
      const perPage = 10;
      const page = Math.max(1, Number(request.query.page) || 1);
      const { status, tx_ref: txRef } = request.query;
      const all = [...byTxRef.values()]
        .filter((c) => !txRef || c.txRef === txRef)
        .flatMap((c) => c.attempts.map((a) => ({ c, a })))
        .filter(({ a }) => !status || a.status === status)
        .reverse();
      return {
        status: 'success',
        message: 'Transactions fetched',
        meta: {
          page_info: {
            total: all.length,
            current_page: page,
            total_pages: Math.max(1, Math.ceil(all.length / perPage)),
          },
        },
        data: all.slice((page - 1) * perPage, page * perPage).map(({ c, a }) => chargeData(c, a)),
      };
    },
  );

  /** POST /v3/transactions/:id/refund: `amount` in naira, defaults to what is left. */
  app.post<{ Params: { id: string } }>('/v3/transactions/:id/refund', async (request, reply) => {
    const denied = unauthorized(request.headers.authorization);
    if (denied) return reply.code(401).send(denied);
    const found = findAttempt(request.params.id);
    if (!found) return reply.code(400).send(notFound);
    const { c } = found;
    const invalid = (message: string) => reply.code(400).send({ status: 'error', message, data: null });
    if (found.attempt.status !== 'successful') return invalid('Only successful transactions can be refunded');
    const left = c.amountKobo - c.refundedKobo;
    if (left <= 0) return invalid('Transaction has been fully refunded');
    const body = (request.body ?? {}) as Record<string, unknown>;
    const amountKobo = body.amount === undefined || body.amount === null ? left : toKobo(body.amount);
    if (amountKobo === null || amountKobo <= 0) return invalid('Invalid amount');
    if (amountKobo > left) return invalid('Refund amount cannot be greater than the transaction amount');
    c.refundedKobo += amountKobo;
    const refund = { id: nextRefundId++, txRef: c.txRef, amountKobo, createdAt: new Date().toISOString() };
    refunds.push(refund);
    return {
      status: 'success',
      message: 'Transaction refund initiated',
      data: {
        id: refund.id,
        account_id: 17_321,
        tx_id: found.attempt.id,
        flw_ref: `URF_${Date.now()}_${randomBytes(3).toString('hex')}`,
        wallet_id: 74_863,
        amount_refunded: naira(amountKobo),
        status: 'completed',
        destination: 'payment_source',
        meta: { source: 'availablebalance' },
        created_at: refund.createdAt,
      },
    };
  });

  app.get<{ Params: { id: string } }>('/v3/refunds/:id', async (request, reply) => {
    const denied = unauthorized(request.headers.authorization);
    if (denied) return reply.code(401).send(denied);
    const refund = refunds.find((r) => String(r.id) === request.params.id);
    if (!refund) return reply.code(400).send({ status: 'error', message: 'Refund not found', data: null });
    return {
      status: 'success',
      message: 'Refund fetched',
      data: {
        id: refund.id,
        amount_refunded: naira(refund.amountKobo),
        status: 'completed',
        created_at: refund.createdAt,
      },
    };
  });

  const page = (c: FakeCharge, note = '') =>
    checkoutPage({
      provider: 'Flutterwave',
      email: c.email,
      amountKobo: c.requestedKobo,
      reference: c.txRef,
      note: note || `Status: ${c.status}`,
      actionPath: `/v3/hosted/pay/${c.code}`,
      actions:
        c.status === 'successful'
          ? []
          : [
              ['pay', 'Pay'],
              ['fail', 'Fail'],
              ['cancel', 'Cancel'],
            ],
    });

  const gone = '<p>This payment link is invalid or has expired.</p>';

  app.get<{ Params: { code: string } }>('/v3/hosted/pay/:code', async (request, reply) => {
    const c = byCode.get(request.params.code);
    if (!c) return reply.code(404).type('text/html').send(gone);
    return reply.type('text/html').send(page(c));
  });

  app.post<{ Params: { code: string } }>('/v3/hosted/pay/:code/pay', async (request, reply) => {
    const c = byCode.get(request.params.code);
    if (!c) return reply.code(404).type('text/html').send(gone);
    if (c.status !== 'successful') pending.track(deliver(c, { attempt: attempt(c, 'successful') }));
    if (!c.redirectUrl) return reply.type('text/html').send(page(c, 'Payment successful'));
    const target = new URL(c.redirectUrl);
    target.searchParams.set('status', 'successful');
    target.searchParams.set('tx_ref', c.txRef);
    target.searchParams.set('transaction_id', String(c.id));
    return reply.redirect(target.toString(), 302);
  });

  app.post<{ Params: { code: string } }>('/v3/hosted/pay/:code/fail', async (request, reply) => {
    const c = byCode.get(request.params.code);
    if (!c) return reply.code(404).type('text/html').send(gone);
    // Unlike Paystack, Flutterwave notifies failed attempts too; the page stays open for a retry.
    if (c.status !== 'successful') pending.track(deliver(c, { attempt: attempt(c, 'failed') }));
    return reply.type('text/html').send(page(c, 'Declined. Try again or use another card.'));
  });

  app.post<{ Params: { code: string } }>('/v3/hosted/pay/:code/cancel', async (request, reply) => {
    const c = byCode.get(request.params.code);
    if (!c) return reply.code(404).type('text/html').send(gone);
    if (!c.redirectUrl) return reply.type('text/html').send(page(c, 'Payment cancelled. You can close this window.'));
    const target = new URL(c.redirectUrl);
    target.searchParams.set('status', 'cancelled');
    target.searchParams.set('tx_ref', c.txRef);
    return reply.redirect(target.toString(), 302);
  });

  // ---- test-only controls ----
  app.post<{ Params: { txRef: string }; Body: { status: Status } }>(
    '/__fake/transactions/:txRef/status',
    async (request, reply) => {
      const c = byTxRef.get(request.params.txRef);
      if (!c) return reply.code(404).send({ status: 'error' });
      const latest = c.attempts.at(-1);
      if (latest) {
        latest.status = request.body.status;
        c.status = request.body.status;
      } else attempt(c, request.body.status);
      return { status: 'success', data: chargeData(c) };
    },
  );

  /** Makes the provider report another amount (naira) or currency, as a tampered charge would. */
  app.post<{ Params: { txRef: string }; Body: { amount?: number | string; currency?: string } }>(
    '/__fake/transactions/:txRef/amount',
    async (request, reply) => {
      const c = byTxRef.get(request.params.txRef);
      if (!c) return reply.code(404).send({ status: 'error' });
      if (request.body.amount !== undefined) {
        const kobo = toKobo(request.body.amount);
        if (kobo === null) return reply.code(400).send({ status: 'error' });
        c.amountKobo = kobo;
      }
      if (request.body.currency) c.currency = request.body.currency;
      return { status: 'success', data: chargeData(c) };
    },
  );

  /**
   * Re-sends charge.completed `count` times at once and answers the HTTP statuses: of the latest
   * transaction of the tx_ref, or of transaction `id` (one credit of a static virtual account).
   */
  app.post<{ Params: { txRef: string }; Body: { count?: number; badHash?: boolean; id?: number | string } }>(
    '/__fake/transactions/:txRef/webhook',
    async (request, reply) => {
      const c = byTxRef.get(request.params.txRef);
      if (!c || c.id === null) return reply.code(404).send({ status: 'error' });
      const wanted = request.body?.id;
      const chosen = wanted === undefined ? undefined : c.attempts.find((a) => String(a.id) === String(wanted));
      if (wanted !== undefined && !chosen) return reply.code(404).send({ status: 'error' });
      const count = Math.max(1, Math.min(request.body?.count ?? 1, 500));
      const statuses = await Promise.all(
        Array.from({ length: count }, () =>
          pending.track(deliver(c, { badHash: request.body?.badHash, attempt: chosen })),
        ),
      );
      return { status: 'success', data: { statuses } };
    },
  );

  app.get('/__fake/deliveries', async () => ({ status: 'success', data: deliveries }));

  const virtual = registerVirtualAccounts(app, {
    unauthorized,
    charges: byTxRef,
    nextTransactionId: () => nextId++,
    deliver: (c, attempt) => deliver(c, { attempt }),
    deliveries,
    pending,
  });

  registerSettlements(app, { unauthorized, charges: byTxRef });

  const url = await listen(app, options, 'Flutterwave');

  return {
    url,
    /** What the app's FLUTTERWAVE_BASE_URL points at. */
    baseUrl: `${url}/v3`,
    deliveries,
    transaction: (txRef: string) => byTxRef.get(txRef),
    refunds: () => refunds.map((r) => ({ ...r })),
    /** Virtual account numbers, oldest first; `virtualAccount` finds one by its number. */
    virtualAccounts: virtual.accounts,
    virtualAccount: virtual.account,
    /**
     * Someone's bank sends `amount` naira to the virtual account numbered `accountNumber`, as the
     * control action POST /__fake/virtual_accounts/:account_number/transfers does.
     */
    transferToVirtualAccount: virtual.transfer,
    /** Signs webhooks from now on with `style`'s header(s). */
    setSignatureStyle(style: FlutterwaveSignatureStyle) {
      signatureStyle = style;
    },
    setWebhookUrl(next: string | undefined) {
      webhookUrl = next;
    },
    /** Waits for webhook deliveries still on the wire. */
    settled: pending.settled,
    async close() {
      await pending.settled();
      await app.close();
    },
  };
}

export type FlutterwaveFake = Awaited<ReturnType<typeof startFlutterwaveFake>>;
