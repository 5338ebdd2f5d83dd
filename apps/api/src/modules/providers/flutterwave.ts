import { createHash, timingSafeEqual } from 'node:crypto';
import { koboToNaira, parseNaira } from '@schoolledger/domain';
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
  data?: Record<string, unknown> | null;
}

/** Flutterwave v3 (Standard): hosted link, verify by tx_ref, `verif-hash` webhooks. */
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
      const link = json.data?.link;
      if (status !== 200 || json.status !== 'success' || typeof link !== 'string') throw failed(status, json);
      return { paymentUrl: link, reference: payment.reference };
    },

    async verify(reference: string): Promise<PaymentVerification> {
      const { status, json } = await call(
        'GET',
        `/transactions/verify_by_reference?tx_ref=${encodeURIComponent(reference)}`,
      );
      // Until the payer tries to pay there is no transaction for the tx_ref.
      if (status === 400 || status === 404) return notFoundVerification(json.message ?? 'not found');
      const data = json.data;
      if (status !== 200 || json.status !== 'success' || !data) throw failed(status, json);
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
    },

    async refund({ providerId, amountKobo }) {
      if (!providerId) throw new ProviderError('Flutterwave refunds need the transaction id');
      const { status, json } = await call('POST', `/transactions/${encodeURIComponent(providerId)}/refund`, {
        amount: koboToNaira(amountKobo),
      });
      const data = json.data;
      if (status !== 200 || json.status !== 'success' || !data) throw failed(status, json);
      return {
        providerRefundId: String(data.id ?? providerId),
        status: data.status === 'completed' ? 'processed' : 'pending',
      };
    },

    async testConnection() {
      const { status, json } = await call('GET', '/transactions?page=1');
      if (status !== 200 || json.status !== 'success') throw failed(status, json);
    },

    parseWebhook(rawBody, headers): WebhookEvent | null {
      if (!options.secretHash) return null;
      const header = headers['verif-hash'];
      const given = Array.isArray(header) ? header[0] : header;
      // v3 sends the dashboard's secret hash itself: a literal comparison, not an HMAC.
      if (!given || !timingSafeEqual(digest(given), digest(options.secretHash))) return null;
      let body: { event?: unknown; data?: { id?: unknown; tx_ref?: unknown; status?: unknown } };
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return null;
      }
      if (typeof body?.event !== 'string') return null;
      const data = body.data ?? {};
      const reference = typeof data.tx_ref === 'string' ? data.tx_ref : null;
      // A failed attempt and the later success of the same transaction are two events, not a replay.
      const key = `${String(data.id ?? reference ?? digest(rawBody.toString('utf8')).toString('hex'))}:${String(data.status ?? '')}`;
      return {
        provider: 'flutterwave',
        event: body.event,
        dedupeKey: `flutterwave:${body.event}:${key}`,
        reference,
        payload: body,
      };
    },
  };
}

/** The `tx_ref` of a Flutterwave webhook body, read before the signature is checked (to find the school). */
export function flutterwaveReferenceOf(rawBody: Buffer): string | null {
  try {
    const body = JSON.parse(rawBody.toString('utf8')) as { data?: { tx_ref?: unknown } };
    return typeof body?.data?.tx_ref === 'string' ? body.data.tx_ref : null;
  } catch {
    return null;
  }
}
