import { createHmac, timingSafeEqual } from 'node:crypto';
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

/*
 * Paystack's answers to the dedicated account calls, the parts SchoolLedger keeps: anything that
 * does not read so is a refusal, never half an account.
 */
const providerId = z.union([z.number().int(), z.string().min(1)]).transform(String);
const customerAnswer = z.object({ status: z.literal(true), data: z.object({ customer_code: z.string().min(1) }) });
const dedicatedAccountAnswer = z.object({
  status: z.literal(true),
  data: z.object({
    id: providerId,
    account_number: z.string().regex(/^\d{10}$/),
    account_name: z.string().min(1),
    bank: z.object({ name: z.string().min(1), slug: z.string().min(1) }),
  }),
});
const acknowledged = z.object({ status: z.literal(true) });

/** What Paystack said when it refused, or that its answer could not be read. */
function refusal(status: number, json: Envelope, schema: z.ZodType): ProviderError {
  if (status === 200 && json.status === true && !schema.safeParse(json).success) {
    return new ProviderError("Paystack's answer could not be read", status);
  }
  return new ProviderError(json.message ?? `Paystack answered ${status}`, status);
}

/**
 * The dedicated accounts of one Paystack business (../shared/research/bank-and-messaging.md
 * §A2): a customer, then an account for it; Paystack answers the customer's existing account when
 * asked again, so a retry after a timeout gets the account it was given.
 */
function dedicatedAccounts(call: ReturnType<typeof providerHttp<Envelope>>): VirtualAccountApi {
  return {
    async open(holder) {
      const names = { first_name: holder.firstName, last_name: holder.lastName, phone: holder.phone };
      const customer = await call('POST', '/customer', { email: holder.email, ...names });
      const madeCustomer = customerAnswer.safeParse(customer.json);
      if (customer.status !== 200 || !madeCustomer.success)
        throw refusal(customer.status, customer.json, customerAnswer);
      const customerCode = madeCustomer.data.data.customer_code;
      // The names again: Paystack makes the account name from them, and they may have changed since.
      const account = await call('POST', '/dedicated_account', {
        customer: customerCode,
        preferred_bank: holder.bank,
        ...names,
      });
      const made = dedicatedAccountAnswer.safeParse(account.json);
      if (account.status !== 200 || !made.success) throw refusal(account.status, account.json, dedicatedAccountAnswer);
      const { data } = made.data;
      return {
        providerAccountId: data.id,
        customerCode,
        providerReference: null,
        accountNumber: data.account_number,
        accountName: data.account_name,
        bankName: data.bank.name,
        bankSlug: data.bank.slug,
      };
    },

    async close(providerAccountId) {
      const { status, json } = await call('DELETE', `/dedicated_account/${encodeURIComponent(providerAccountId)}`);
      if (status === 404) return;
      if (status !== 200 || !acknowledged.safeParse(json).success) throw refusal(status, json, acknowledged);
    },

    async requery({ accountNumber, bankSlug, day }) {
      const query = new URLSearchParams({ account_number: accountNumber, provider_slug: bankSlug, date: day });
      const { status, json } = await call('GET', `/dedicated_account/requery?${query}`);
      if (status !== 200 || !acknowledged.safeParse(json).success) throw refusal(status, json, acknowledged);
    },

    async transfersOn(day) {
      // The Lagos day (UTC+1, no summer time) as Paystack's timestamps bound it.
      const from = new Date(`${day}T00:00:00+01:00`).toISOString();
      const to = new Date(Date.parse(`${day}T00:00:00+01:00`) + 86_400_000 - 1).toISOString();
      const rows = await allPages(
        call,
        (page) =>
          `/transaction?${new URLSearchParams({ status: 'success', from, to, perPage: '100', page: String(page) })}`,
        transactionsPage,
      );
      return rows.filter((row) => row.channel === 'dedicated_nuban');
    },
  };
}

/** Paystack's settlement lists: amounts in kobo, pages of at most 100, the page count in `meta`. */
const pageMeta = z.object({ pageCount: z.coerce.number().int().min(1) });
const koboAmount = z.union([z.number().int(), z.string().regex(/^-?\d+$/)]).transform((value) => BigInt(value));
const settlementsAnswer = z.object({
  status: z.literal(true),
  data: z.array(
    z.object({
      id: providerId,
      status: z.string(),
      currency: z.string(),
      total_processed: koboAmount,
      total_fees: koboAmount,
      total_amount: koboAmount,
      settlement_date: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
    }),
  ),
  meta: pageMeta,
});
const transactionsPage = z.object({
  status: z.literal(true),
  data: z.array(z.looseObject({ channel: z.string().nullish() })),
  meta: pageMeta,
});
const settlementTransactionsAnswer = z.object({
  status: z.literal(true),
  data: z.array(z.object({ id: providerId, reference: z.string().min(1), amount: koboAmount })),
  meta: pageMeta,
});
/** Pages read at most: 100 a page, more than any school's settlements in the days asked for. */
const MAX_PAGES = 50;

/** A list read page by page; the schema checks each page before anything of it is used. */
async function allPages<T extends { data: unknown[]; meta: { pageCount: number } }>(
  call: ReturnType<typeof providerHttp<Envelope>>,
  path: (page: number) => string,
  schema: z.ZodType<T>,
): Promise<T['data']> {
  const rows: T['data'] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { status, json } = await call('GET', path(page));
    const read = schema.safeParse(json);
    if (status !== 200 || !read.success) throw refusal(status, json, schema);
    rows.push(...read.data.data);
    if (page >= read.data.meta.pageCount) return rows;
  }
  throw new ProviderError(`Paystack listed more than ${MAX_PAGES} pages`, 200);
}

/** Paystack's settlements (GET /settlement) and what each paid out (GET /settlement/:id/transactions). */
function settlementApi(call: ReturnType<typeof providerHttp<Envelope>>): SettlementApi {
  return {
    async list({ from, to }) {
      const rows = await allPages(
        call,
        (page) =>
          `/settlement?${new URLSearchParams({ from, to: `${to}T23:59:59.999Z`, perPage: '100', page: String(page) })}`,
        settlementsAnswer,
      );
      return rows.map((row) => ({
        providerSettlementId: row.id,
        settledOn: row.settlement_date.slice(0, 10),
        currency: row.currency,
        status: row.status,
        grossKobo: row.total_processed,
        chargesKobo: row.total_fees,
        netKobo: row.total_amount,
      }));
    },
    async transactions(providerSettlementId) {
      const rows = await allPages(
        call,
        (page) =>
          `/settlement/${encodeURIComponent(providerSettlementId)}/transactions?${new URLSearchParams({ perPage: '100', page: String(page) })}`,
        settlementTransactionsAnswer,
      );
      return rows.map((row) => ({ providerId: row.id, reference: row.reference, amountKobo: row.amount }));
    },
  };
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

    virtualAccounts: dedicatedAccounts(call),
    settlements: settlementApi(call),
  };
}

/** Our reference in a Paystack webhook body of any event, read before the signature is checked (to find the school). */
export function paystackReferenceOf(rawBody: Buffer): string | null {
  return referenceIn(jsonOf(rawBody));
}

/**
 * The account number a charge notification says a bank transfer was made to, when it is one
 * (`charge.success` of channel `dedicated_nuban`); read before the signature is checked, to find
 * whose key to try.
 */
export function paystackTransferAccountOf(body: unknown): string | null {
  const { event, data } = (body ?? {}) as { event?: unknown; data?: { authorization?: unknown } };
  const authorization = (data?.authorization ?? null) as {
    channel?: unknown;
    receiver_bank_account_number?: unknown;
  } | null;
  if (event !== 'charge.success' || authorization?.channel !== 'dedicated_nuban') return null;
  const account = authorization.receiver_bank_account_number;
  return typeof account === 'string' && account ? account : null;
}

const transferNotice = z.object({
  event: z.literal('charge.success'),
  data: z.object({
    id: providerId,
    reference: z.string().min(1),
    amount: z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]).transform(BigInt),
    currency: z.string().min(1),
    status: z.string(),
    paid_at: z.string().nullish(),
    authorization: z.object({
      channel: z.literal('dedicated_nuban'),
      receiver_bank_account_number: z.string().min(1),
      sender_name: z.string().nullish(),
      sender_bank: z.string().nullish(),
      sender_bank_account_number: z.string().nullish(),
      narration: z.string().nullish(),
    }),
  }),
});

/** A signed `charge.success` of a bank transfer into a dedicated account, read whole; null when it is not one. */
export function paystackTransferOf(body: unknown): AccountTransfer | null {
  const parsed = transferNotice.safeParse(body);
  if (!parsed.success) return null;
  const { data } = parsed.data;
  const paidAt = data.paid_at ? new Date(data.paid_at) : null;
  return {
    transactionId: data.id,
    reference: data.reference,
    accountReference: null,
    amountKobo: data.amount,
    currency: data.currency,
    status: data.status,
    paidAt: paidAt && !Number.isNaN(paidAt.getTime()) ? paidAt : null,
    receiverAccountNumber: data.authorization.receiver_bank_account_number,
    senderName: data.authorization.sender_name ?? null,
    senderBank: data.authorization.sender_bank ?? null,
    senderAccountNumber: data.authorization.sender_bank_account_number ?? null,
    narration: data.authorization.narration ?? null,
  };
}
