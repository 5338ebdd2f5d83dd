import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  jsonOf,
  notFoundVerification,
  type PaymentInit,
  type PaymentProvider,
  type PaymentVerification,
  ProviderError,
  type ProviderHttpOptions,
  providerHttp,
  type RefundState,
  type WebhookEvent,
  webhookBody,
} from './provider.js';

/** HMAC-SHA512 (hex) of the raw body keyed with the secret key: what Paystack sends in `x-paystack-signature`. */
export function paystackSignature(secretKey: string, rawBody: Buffer | string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

const STATUS: Record<string, PaymentVerification['status']> = {
  success: 'success',
  failed: 'failed',
  abandoned: 'abandoned',
  reversed: 'reversed',
  ongoing: 'pending',
  pending: 'pending',
  processing: 'pending',
  queued: 'pending',
};

/** Paystack sends amounts as integers, sometimes as strings. */
function kobo(value: unknown): bigint | null {
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^\d+$/.test(value)) return BigInt(value);
  return null;
}

interface Envelope {
  status?: boolean;
  message?: string;
  code?: string;
  data?: Record<string, unknown>;
}

const REFUND_STATE: Record<string, RefundState> = { processed: 'processed', failed: 'failed' };

/**
 * Paystack answers an unknown reference with 404, or 400 naming it (`transaction_not_found`).
 * Any other 400 (a 400 "Invalid key" among them) is not an answer about the transaction.
 */
const isNotFound = (status: number, json: Envelope) =>
  status === 404 ||
  (status === 400 && (json.code === 'transaction_not_found' || /reference not found/i.test(json.message ?? '')));

/**
 * Our reference in any event: charges carry it in `data.reference`, refunds in
 * `data.transaction_reference`, disputes in `data.transaction.reference`.
 */
function referenceIn(body: unknown): string | null {
  const data = (body as { data?: Record<string, unknown> } | null)?.data;
  if (!data || typeof data !== 'object') return null;
  const transaction = data.transaction as { reference?: unknown } | null | undefined;
  const found = [data.reference, data.transaction_reference, transaction?.reference].find(
    (value) => typeof value === 'string' && value,
  );
  return typeof found === 'string' ? found : null;
}

export function createPaystackProvider(options: ProviderHttpOptions): PaymentProvider {
  const call = providerHttp<Envelope>(options);

  return {
    name: 'paystack',

    async initialize(payment: PaymentInit) {
      const { status, json } = await call('POST', '/transaction/initialize', {
        email: payment.email,
        amount: Number(payment.amountKobo),
        currency: payment.currency,
        reference: payment.reference,
        callback_url: payment.callbackUrl,
        metadata: payment.metadata ?? {},
      });
      const data = json.data;
      if (status !== 200 || json.status !== true || typeof data?.authorization_url !== 'string') {
        throw new ProviderError(json.message ?? `Paystack answered ${status}`, status);
      }
      return { paymentUrl: data.authorization_url, reference: String(data.reference ?? payment.reference) };
    },

    async verify(reference: string): Promise<PaymentVerification> {
      const { status, json } = await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
      if (isNotFound(status, json)) return notFoundVerification(json.message ?? 'not found');
      const data = json.data;
      if (status !== 200 || json.status !== true || !data) {
        throw new ProviderError(json.message ?? `Paystack answered ${status}`, status);
      }
      const providerStatus = String(data.status ?? '');
      const charged = kobo(data.amount);
      const paidAt = data.paid_at ?? data.paidAt;
      return {
        status: STATUS[providerStatus] ?? 'pending',
        providerStatus,
        reference: typeof data.reference === 'string' ? data.reference : null,
        amountKobo: kobo(data.requested_amount) ?? charged,
        chargedKobo: charged,
        currency: typeof data.currency === 'string' ? data.currency : null,
        paidAt: typeof paidAt === 'string' ? new Date(paidAt) : null,
        channel: typeof data.channel === 'string' ? data.channel : null,
        providerId: data.id === undefined || data.id === null ? null : String(data.id),
      };
    },

    async refund({ reference, amountKobo, refundId }) {
      const { status, json } = await call('POST', '/refund', {
        transaction: reference,
        amount: Number(amountKobo),
        merchant_note: `SchoolLedger refund ${refundId}`,
      });
      const data = json.data;
      if (status !== 200 || json.status !== true || !data) {
        throw new ProviderError(json.message ?? `Paystack answered ${status}`, status);
      }
      return {
        providerRefundId: String(data.id ?? reference),
        status: REFUND_STATE[String(data.status)] ?? 'pending',
      };
    },

    async refundStatus(providerRefundId) {
      const { status, json } = await call('GET', `/refund/${encodeURIComponent(providerRefundId)}`);
      if (status !== 200 || json.status !== true || !json.data) {
        throw new ProviderError(json.message ?? `Paystack answered ${status}`, status);
      }
      return REFUND_STATE[String(json.data.status)] ?? 'pending';
    },

    async testConnection() {
      const { status, json } = await call('GET', '/transaction?perPage=1');
      if (status !== 200 || json.status !== true) {
        throw new ProviderError(json.message ?? `Paystack answered ${status}`, status);
      }
    },

    parseWebhook(rawBody, headers): WebhookEvent | null {
      const header = headers['x-paystack-signature'];
      const given = Array.isArray(header) ? header[0] : header;
      if (!given || !/^[0-9a-f]+$/i.test(given)) return null;
      const expected = Buffer.from(paystackSignature(options.secretKey, rawBody), 'hex');
      const actual = Buffer.from(given, 'hex');
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
      const parsed = webhookBody(rawBody);
      if (!parsed) return null;
      const { event, data, body } = parsed;
      const reference = referenceIn(body);
      // Paystack envelopes carry no event id: the event name and the id of its subject (the
      // transaction, the refund, the dispute) identify a delivery.
      const key = String(data.id ?? reference ?? paystackSignature('dedupe', rawBody));
      return {
        provider: 'paystack',
        event,
        dedupeKey: `paystack:${event}:${key}`,
        reference,
        payload: body,
      };
    },
  };
}

/** Our reference in a Paystack webhook body of any event, read before the signature is checked (to find the school). */
export function paystackReferenceOf(rawBody: Buffer): string | null {
  return referenceIn(jsonOf(rawBody));
}
