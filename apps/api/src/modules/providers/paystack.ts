import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  notFoundVerification,
  type PaymentInit,
  type PaymentProvider,
  type PaymentVerification,
  ProviderError,
  type ProviderHttpOptions,
  providerHttp,
  type WebhookEvent,
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
  data?: Record<string, unknown>;
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
      // An unknown reference comes back as 400 or 404 depending on the day; both mean "no such transaction".
      if (status === 400 || status === 404) {
        return notFoundVerification(json.message ?? 'not found');
      }
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

    async refund({ reference, amountKobo }) {
      const { status, json } = await call('POST', '/refund', { transaction: reference, amount: Number(amountKobo) });
      const data = json.data;
      if (status !== 200 || json.status !== true || !data) {
        throw new ProviderError(json.message ?? `Paystack answered ${status}`, status);
      }
      return {
        providerRefundId: String(data.id ?? reference),
        status: data.status === 'processed' ? 'processed' : 'pending',
      };
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
      let body: { event?: unknown; data?: { id?: unknown; reference?: unknown } };
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return null;
      }
      if (typeof body?.event !== 'string') return null;
      const data = body.data ?? {};
      const reference = typeof data.reference === 'string' ? data.reference : null;
      // Paystack envelopes carry no event id: the event name and the transaction id identify a delivery.
      const key = data.id ?? reference ?? paystackSignature('dedupe', rawBody);
      return {
        provider: 'paystack',
        event: body.event,
        dedupeKey: `paystack:${body.event}:${key}`,
        reference,
        payload: body,
      };
    },
  };
}

/** The `reference` of a Paystack webhook body, read before the signature is checked (to find the school). */
export function paystackReferenceOf(rawBody: Buffer): string | null {
  try {
    const body = JSON.parse(rawBody.toString('utf8')) as { data?: { reference?: unknown } };
    return typeof body?.data?.reference === 'string' ? body.data.reference : null;
  } catch {
    return null;
  }
}
