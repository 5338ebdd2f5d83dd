import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { koboToNaira, parseNaira } from '@schoolledger/domain';
import { z } from 'zod';
import {
  type AccountTransfer,
  jsonOf,
  notFoundVerification,
  type PaymentInit,
  type PaymentProvider,
  type PaymentVerification,
  ProviderError,
  type ProviderHttpOptions,
  providerHttp,
  type RefundState,
  type SettlementApi,
  type VirtualAccountApi,
  type WebhookEvent,
  webhookBody,
} from './provider.js';

const STATUS: Record<string, PaymentVerification['status']> = {
  successful: 'success',
  failed: 'failed',
  pending: 'pending',
};

/** Flutterwave v3 amounts are naira (major units), numbers or numeric strings; anything inexact is not an amount. */
function kobo(value: unknown): bigint | null {
  return typeof value === 'number' || typeof value === 'string' ? parseNaira(value) : null;
}

/** Equal-length digests, so comparing leaks neither the hash nor its length. */
const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

interface Envelope {
  status?: string;
  message?: string;
  data?: Record<string, unknown> | Record<string, unknown>[] | null;
}

type Charge = Record<string, unknown>;

const asObject = (data: Envelope['data']): Charge | null => (data && !Array.isArray(data) ? data : null);

function verification(data: Charge): PaymentVerification {
  const providerStatus = String(data.status ?? '');
  const createdAt = typeof data.created_at === 'string' ? new Date(data.created_at) : null;
  return {
    status: STATUS[providerStatus] ?? 'pending',
    providerStatus,
    reference: typeof data.tx_ref === 'string' ? data.tx_ref : null,
    amountKobo: kobo(data.amount),
    chargedKobo: kobo(data.charged_amount),
    currency: typeof data.currency === 'string' ? data.currency : null,
    // Flutterwave has no paid_at; the transaction is made when the payer pays.
    paidAt: providerStatus === 'successful' ? createdAt : null,
    channel: typeof data.payment_type === 'string' ? data.payment_type : null,
    providerId: data.id === undefined || data.id === null ? null : String(data.id),
  };
}

/**
 * Which attempt speaks for a tx_ref: a successful one if any (the payer paid), else one still
 * pending (the checkout may yet succeed), else the latest failure.
 */
function decisive(attempts: Charge[]): Charge | undefined {
  return (
    attempts.find((a) => a.status === 'successful') ??
    attempts.find((a) => a.status !== 'failed') ??
    attempts.reduce<Charge | undefined>(
      (latest, a) => (latest && Number(latest.id) > Number(a.id) ? latest : a),
      undefined,
    )
  );
}

const staticAccountAnswer = z.object({
  status: z.literal('success'),
  data: z.object({
    order_ref: z.string().min(1),
    flw_ref: z.string().min(1),
    account_number: z.string().regex(/^\d{10}$/),
    bank_name: z.string().min(1),
  }),
});

/**
 * Flutterwave's static virtual account numbers (../shared/research/bank-and-messaging.md §A2): one
 * call with the holder's BVN, which Flutterwave requires and SchoolLedger does not keep. The
 * account is known afterwards by the `tx_ref` it was opened with, which every transfer into it
 * repeats. Flutterwave's v3 has no call to close a static account or to resend its missed
 * notifications: closing is SchoolLedger's alone (money still sent to it lands on the family).
 */
function staticAccounts(call: ReturnType<typeof providerHttp<Envelope>>): VirtualAccountApi {
  return {
    async open(holder) {
      if (!holder.bvn) throw new ProviderError("Flutterwave opens an account only with the holder's BVN");
      const txRef = `SLVA-${randomUUID()}`;
      const { status, json } = await call('POST', '/virtual-account-numbers', {
        email: holder.email,
        is_permanent: true,
        bvn: holder.bvn,
        tx_ref: txRef,
        phonenumber: holder.phone,
        firstname: holder.firstName,
        lastname: holder.lastName,
        narration: holder.accountName,
      });
      const made = staticAccountAnswer.safeParse(json);
      if (status !== 200 || !made.success) {
        throw new ProviderError(
          json.message ??
            (status === 200 ? "Flutterwave's answer could not be read" : `Flutterwave answered ${status}`),
          status,
        );
      }
      const { data } = made.data;
      return {
        providerAccountId: data.order_ref,
        customerCode: data.flw_ref,
        providerReference: txRef,
        accountNumber: data.account_number,
        accountName: holder.accountName,
        bankName: data.bank_name,
        bankSlug: 'flutterwave',
      };
    },
    async close() {},
  };
}

const nairaAmount = z.union([z.number(), z.string()]).transform((value, issue) => {
  const amount = kobo(value);
  if (amount === null) {
    issue.addIssue({ code: 'custom', message: 'not an exact naira amount' });
    return z.NEVER;
  }
  return amount;
});
const flutterwaveSettlement = z.object({
  id: z.union([z.number().int(), z.string().min(1)]).transform(String),
  status: z.string(),
  currency: z.string(),
  gross_amount: nairaAmount,
  app_fee: nairaAmount,
  merchant_fee: nairaAmount.optional(),
  stampduty_charge: nairaAmount.optional(),
  net_amount: nairaAmount,
  due_date: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
  processed_date: z.string().nullish(),
  meta: z.array(z.union([z.number().int(), z.string()]).transform(String)).nullish(),
});
const settlementsPage = z.object({
  status: z.literal('success'),
  data: z.array(flutterwaveSettlement),
  meta: z.object({ page_info: z.object({ total_pages: z.coerce.number().int().min(1) }) }),
});
const settlementOne = z.object({ status: z.literal('success'), data: flutterwaveSettlement });
const MAX_SETTLEMENT_PAGES = 50;

/**
 * Flutterwave's settlements (GET /v3/settlements, 20 a page; GET /v3/settlements/:id): amounts in
 * naira, what Flutterwave keeps as app and merchant fees and stamp duty, and the transactions'
 * ids in `meta`. The day is when it was paid out, else when it was due.
 */
function flutterwaveSettlements(call: ReturnType<typeof providerHttp<Envelope>>): SettlementApi {
  const unreadable = (status: number, json: Envelope) =>
    new ProviderError(
      json.message ?? (status === 200 ? "Flutterwave's answer could not be read" : `Flutterwave answered ${status}`),
      status,
    );
  return {
    async list({ from, to }) {
      const rows: z.output<typeof flutterwaveSettlement>[] = [];
      for (let page = 1; page <= MAX_SETTLEMENT_PAGES; page++) {
        const { status, json } = await call(
          'GET',
          `/settlements?${new URLSearchParams({ from, to, page: String(page) })}`,
        );
        const read = settlementsPage.safeParse(json);
        if (status !== 200 || !read.success) throw unreadable(status, json);
        rows.push(...read.data.data);
        if (page >= read.data.meta.page_info.total_pages) break;
      }
      return rows.map((row) => ({
        providerSettlementId: row.id,
        settledOn: (row.processed_date ?? row.due_date).slice(0, 10),
        currency: row.currency,
        status: row.status,
        grossKobo: row.gross_amount,
        chargesKobo: row.app_fee + (row.merchant_fee ?? 0n) + (row.stampduty_charge ?? 0n),
        netKobo: row.net_amount,
      }));
    },
    async transactions(providerSettlementId) {
      const { status, json } = await call('GET', `/settlements/${encodeURIComponent(providerSettlementId)}`);
      const read = settlementOne.safeParse(json);
      if (status !== 200 || !read.success) throw unreadable(status, json);
      return (read.data.data.meta ?? []).map((providerId) => ({ providerId, reference: null, amountKobo: null }));
    },
  };
}

const transferNotice = z.object({
  event: z.literal('charge.completed'),
  data: z.object({
    id: z.union([z.number().int(), z.string().min(1)]).transform(String),
    tx_ref: z.string().min(1),
    flw_ref: z.string().min(1),
    amount: z.union([z.number(), z.string()]),
    currency: z.string(),
    status: z.string(),
    payment_type: z.string(),
    created_at: z.string().optional(),
    narration: z.string().nullish(),
    meta: z.record(z.string(), z.unknown()).nullish(),
    meta_data: z.record(z.string(), z.unknown()).nullish(),
  }),
});

/**
 * A bank transfer into a static virtual account, as a signed `charge.completed` carries it: the
 * account's `tx_ref` (repeated by every transfer into it), the transfer's own id. `null` for any
 * other event, or an amount that is not exact naira.
 */
export function flutterwaveTransferOf(body: unknown): AccountTransfer | null {
  const parsed = transferNotice.safeParse(body);
  if (!parsed.success || parsed.data.data.payment_type !== 'bank_transfer') return null;
  const { data } = parsed.data;
  const amountKobo = kobo(data.amount);
  if (amountKobo === null) return null;
  const meta = data.meta_data ?? data.meta ?? {};
  const said = (key: string) => (typeof meta[key] === 'string' && meta[key] !== 'N/A' ? (meta[key] as string) : null);
  const paidAt = data.created_at ? new Date(data.created_at) : null;
  return {
    transactionId: data.id,
    reference: data.flw_ref,
    accountReference: data.tx_ref,
    amountKobo,
    currency: data.currency,
    status: data.status === 'successful' ? 'success' : data.status,
    paidAt: paidAt && !Number.isNaN(paidAt.getTime()) ? paidAt : null,
    receiverAccountNumber: null,
    senderName: said('originatorname'),
    senderBank: said('bankname'),
    senderAccountNumber: said('originatoraccountnumber'),
    narration: data.narration ?? null,
  };
}

/** `flutterwave-signature`: base64 HMAC-SHA256 of the raw body keyed with the secret hash. */
export function flutterwaveSignature(secretHash: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secretHash).update(rawBody).digest('base64');
}

const headerValue = (header: string | string[] | undefined) => (Array.isArray(header) ? header[0] : header);

/** The refund states Flutterwave reports; `completed` is its word for done. */
const REFUND_STATE: Record<string, RefundState> = { completed: 'processed', failed: 'failed' };

/** Flutterwave v3 (Standard): hosted link, verify by transaction id, `verif-hash` (or `flutterwave-signature`) webhooks. */
export function createFlutterwaveProvider(
  options: ProviderHttpOptions & {
    /** The dashboard's secret hash; without it no webhook is accepted (the callback and the job still settle). */
    secretHash?: string | undefined;
  },
): PaymentProvider {
  const call = providerHttp<Envelope>(options);

  const failed = (status: number, json: Envelope) =>
    new ProviderError(json.message ?? `Flutterwave answered ${status}`, status);

  return {
    name: 'flutterwave',

    async initialize(payment: PaymentInit) {
      const { status, json } = await call('POST', '/payments', {
        tx_ref: payment.reference,
        amount: koboToNaira(payment.amountKobo),
        currency: payment.currency,
        redirect_url: payment.callbackUrl,
        customer: { email: payment.email },
        customizations: { title: 'School fees' },
        meta: payment.metadata ?? {},
      });
      const link = asObject(json.data)?.link;
      if (status !== 200 || json.status !== 'success' || typeof link !== 'string') throw failed(status, json);
      return { paymentUrl: link, reference: payment.reference };
    },

    async verify(reference: string, verifyOptions = {}): Promise<PaymentVerification> {
      // Flutterwave makes one transaction per attempt under a tx_ref and documents verifying by
      // the transaction's id; the one we were told about is asked first.
      const told = verifyOptions.transactionId;
      if (told && /^\d+$/.test(told)) {
        const { status, json } = await call('GET', `/transactions/${told}/verify`);
        const data = asObject(json.data);
        if (status === 200 && json.status === 'success' && data) {
          // An id of another tx_ref (a forged redirect) says nothing about this payment.
          if (data.tx_ref === reference && data.status === 'successful') return verification(data);
        } else if (status !== 400 && status !== 404) throw failed(status, json);
      }
      const { status, json } = await call('GET', `/transactions?tx_ref=${encodeURIComponent(reference)}`);
      if (status !== 200 || json.status !== 'success' || !Array.isArray(json.data)) throw failed(status, json);
      const attempt = decisive(json.data.filter((a) => a.tx_ref === reference));
      if (!attempt) {
        // The listing may not have it (it pages); the documented lookup by tx_ref answers one attempt.
        const byRef = await call('GET', `/transactions/verify_by_reference?tx_ref=${encodeURIComponent(reference)}`);
        const data = asObject(byRef.json.data);
        // Until the payer tries to pay there is no transaction for the tx_ref.
        if (byRef.status === 400 || byRef.status === 404)
          return notFoundVerification(byRef.json.message ?? 'not found');
        if (byRef.status !== 200 || byRef.json.status !== 'success' || !data) throw failed(byRef.status, byRef.json);
        return verification(data);
      }
      if (attempt.status !== 'successful') return verification(attempt);
      // The listing finds the attempt; its verify by id is what Flutterwave says to trust.
      const verified = await call('GET', `/transactions/${encodeURIComponent(String(attempt.id))}/verify`);
      const data = asObject(verified.json.data);
      if (verified.status !== 200 || verified.json.status !== 'success' || !data)
        throw failed(verified.status, verified.json);
      return verification(data);
    },

    async refund({ providerId, amountKobo, refundId }) {
      if (!providerId) throw new ProviderError('Flutterwave refunds need the transaction id');
      const { status, json } = await call('POST', `/transactions/${encodeURIComponent(providerId)}/refund`, {
        amount: koboToNaira(amountKobo),
        comments: `SchoolLedger refund ${refundId}`,
      });
      const data = asObject(json.data);
      if (status !== 200 || json.status !== 'success' || !data) throw failed(status, json);
      return {
        providerRefundId: String(data.id ?? providerId),
        status: REFUND_STATE[String(data.status)] ?? 'pending',
      };
    },

    async refundStatus(providerRefundId) {
      const { status, json } = await call('GET', `/refunds/${encodeURIComponent(providerRefundId)}`);
      const data = asObject(json.data);
      if (status !== 200 || json.status !== 'success' || !data) throw failed(status, json);
      return REFUND_STATE[String(data.status)] ?? 'pending';
    },

    async testConnection() {
      const { status, json } = await call('GET', '/transactions?page=1');
      if (status !== 200 || json.status !== 'success') throw failed(status, json);
    },

    virtualAccounts: staticAccounts(call),
    settlements: flutterwaveSettlements(call),

    parseWebhook(rawBody, headers): WebhookEvent | null {
      const secretHash = options.secretHash;
      if (!secretHash) return null;
      const same = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));
      const hash = headerValue(headers['verif-hash']);
      const signature = headerValue(headers['flutterwave-signature']);
      // v3's `verif-hash` is the dashboard's secret hash itself: a literal comparison, not an HMAC.
      // The newer `flutterwave-signature` is documented as that same hash, and Flutterwave's v4
      // SDK computes it as an HMAC of the body: either form is accepted (see the README).
      const signed =
        (hash !== undefined && same(hash, secretHash)) ||
        (signature !== undefined &&
          (same(signature, secretHash) || same(signature, flutterwaveSignature(secretHash, rawBody))));
      if (!signed) return null;
      const parsed = webhookBody(rawBody);
      if (!parsed) return null;
      const { event, data, body } = parsed;
      const reference = typeof data.tx_ref === 'string' ? data.tx_ref : null;
      // A failed attempt and the later success of the same transaction are two events, not a replay.
      const key = `${String(data.id ?? reference ?? digest(rawBody.toString('utf8')).toString('hex'))}:${String(data.status ?? '')}`;
      return {
        provider: 'flutterwave',
        event,
        dedupeKey: `flutterwave:${event}:${key}`,
        reference,
        payload: body,
      };
    },
  };
}

/** The `tx_ref` of a Flutterwave webhook body, read before the signature is checked (to find the school). */
export function flutterwaveReferenceOf(rawBody: Buffer): string | null {
  const body = jsonOf(rawBody) as { data?: { tx_ref?: unknown } } | null;
  return typeof body?.data?.tx_ref === 'string' ? body.data.tx_ref : null;
}
