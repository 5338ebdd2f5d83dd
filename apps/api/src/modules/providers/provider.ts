import { jsonNestsDeeperThan } from '../../lib/request-input.js';

/** What we ask a provider to start: our reference and the amount we computed, in kobo. */
export interface PaymentInit {
  reference: string;
  amountKobo: bigint;
  currency: 'NGN';
  email: string;
  callbackUrl: string;
  metadata?: Record<string, unknown>;
}

/** The provider's own account of a transaction, read server-side; `not_found` when it has none. */
export interface PaymentVerification {
  status: 'success' | 'failed' | 'abandoned' | 'pending' | 'reversed' | 'not_found';
  /** The provider's status word, as it sent it. */
  providerStatus: string;
  reference: string | null;
  /** What we asked for, as the provider recorded it (Paystack `requested_amount`, else `amount`). */
  amountKobo: bigint | null;
  /** What was charged to the payer (may include fees passed to them). */
  chargedKobo: bigint | null;
  currency: string | null;
  paidAt: Date | null;
  channel: string | null;
  providerId: string | null;
}

/** A webhook whose signature checked out. The body is only a hint: settling always verifies. */
export interface WebhookEvent {
  provider: 'paystack' | 'flutterwave';
  event: string;
  dedupeKey: string;
  reference: string | null;
  payload: unknown;
}

/** Where a refund stands at the provider. */
export type RefundState = 'pending' | 'processed' | 'failed';

/** Options of a verify: the transaction the caller was told about (redirect, webhook), if any. */
export interface VerifyOptions {
  transactionId?: string | null | undefined;
}

export interface PaymentProvider {
  readonly name: 'paystack' | 'flutterwave';
  initialize(payment: PaymentInit): Promise<{ paymentUrl: string; reference: string }>;
  /**
   * The provider's account of the payment under `reference`. Given the id of one transaction
   * (Flutterwave makes one per attempt under a tx_ref), that transaction is asked for first.
   */
  verify(reference: string, options?: VerifyOptions): Promise<PaymentVerification>;
  /** `null` when the signature is missing or wrong. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent | null;
  /** Asks the provider to return a verified payment's money; throws ProviderError if it refuses. */
  refund(input: {
    reference: string;
    providerId: string | null;
    amountKobo: bigint;
    /** Our refund's id, sent along so the provider's record names it. */
    refundId: string;
  }): Promise<RefundResult>;
  /** Where a refund made earlier stands; throws ProviderError when the provider cannot say. */
  refundStatus(providerRefundId: string): Promise<RefundState>;
  /** A cheap authenticated call that proves the keys work; throws ProviderError if not. */
  testConnection(): Promise<void>;
  /** Accounts the provider opens for a school's families (Paystack's dedicated virtual accounts), where it offers them. */
  readonly virtualAccounts?: VirtualAccountApi;
  /** What the provider paid out to the business's bank, where it says so. */
  readonly settlements?: SettlementApi;
}

/** One payout of a provider to the business's bank: a day's collections, net of its charges. */
export interface ProviderSettlement {
  providerSettlementId: string;
  /** The day it was paid out (YYYY-MM-DD). */
  settledOn: string;
  currency: string;
  status: string;
  grossKobo: bigint;
  chargesKobo: bigint;
  netKobo: bigint;
}

export interface SettlementApi {
  /** Every settlement paid out from `from` to `to` (YYYY-MM-DD, both included), all pages; throws ProviderError. */
  list(input: { from: string; to: string }): Promise<ProviderSettlement[]>;
  /**
   * The transactions a settlement paid out: the provider's id of each, with its reference and
   * amount where the provider lists them (Paystack; Flutterwave gives the ids alone). Throws ProviderError.
   */
  transactions(
    providerSettlementId: string,
  ): Promise<{ providerId: string; reference: string | null; amountKobo: bigint | null }[]>;
}

/**
 * Who an account is opened for, as the provider's customer. The names are what a banking app
 * shows to anyone who types the number in, so the caller never puts a child's name here.
 */
export interface VirtualAccountHolder {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  /** The provider's name of the bank to open it on (Paystack; Flutterwave chooses its own). */
  bank: string;
  /** The holder's BVN, which Flutterwave requires to open a static account; never kept. */
  bvn?: string;
  /** What the account is called when its number is typed into a banking app (Flutterwave takes ours). */
  accountName: string;
}

/** An account the provider opened. */
export interface OpenedAccount {
  providerAccountId: string;
  customerCode: string;
  /** Flutterwave's `tx_ref` of the account, repeated by every transfer into it; null for Paystack. */
  providerReference: string | null;
  accountNumber: string;
  accountName: string;
  bankName: string;
  bankSlug: string;
}

/** A transfer into an account, as a signed notification carries it; read before anything is credited. */
export interface AccountTransfer {
  transactionId: string;
  /** The transfer's own reference (Paystack's reference, Flutterwave's flw_ref). */
  reference: string;
  /** What names the account in a Flutterwave notification (its `tx_ref`); null for Paystack's, which name the number. */
  accountReference: string | null;
  /** Kobo. */
  amountKobo: bigint;
  currency: string;
  status: string;
  paidAt: Date | null;
  /** The number the bank credited (Paystack); null where the notification names the account otherwise. */
  receiverAccountNumber: string | null;
  senderName: string | null;
  senderBank: string | null;
  /** Masked by the bank. */
  senderAccountNumber: string | null;
  narration: string | null;
}

export interface VirtualAccountApi {
  /** Opens (or, asked again for the same customer and bank, finds) the holder's account; throws ProviderError. */
  open(holder: VirtualAccountHolder): Promise<OpenedAccount>;
  /** Closes an account at the provider; an account the provider no longer has counts as closed. */
  close(providerAccountId: string): Promise<void>;
  /**
   * Asks the provider to notify again the transfers of `day` (YYYY-MM-DD, Lagos) it has not
   * notified; absent where the provider has no such call (Flutterwave).
   */
  requery?(input: { accountNumber: string; bankSlug: string; day: string }): Promise<void>;
  /**
   * The transfers into the business's accounts paid on `day` (YYYY-MM-DD, Lagos), as their
   * notifications' `data` would carry them, from the provider's transaction list: what a lost
   * notification would have said. Absent where the provider cannot list them.
   */
  transfersOn?(day: string): Promise<unknown[]>;
}

export interface RefundResult {
  /** The provider's id for the refund. */
  providerRefundId: string;
  /** Providers process refunds in the background; `processed` when already done. */
  status: RefundState;
}

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** The provider's answer when it has no transaction under that reference. */
export const notFoundVerification = (message: string): PaymentVerification => ({
  status: 'not_found',
  providerStatus: message,
  reference: null,
  amountKobo: null,
  chargedKobo: null,
  currency: null,
  paidAt: null,
  channel: null,
  providerId: null,
});

export interface ProviderHttpOptions {
  baseUrl: string;
  secretKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * JSON over HTTPS with the secret key as a bearer token, as both Paystack and Flutterwave take it.
 * A body that is not JSON reads as `{}`, so callers judge by status and envelope alone; a
 * connection that fails is a ProviderError without a status, a timeout a TimeoutError.
 */
export function providerHttp<Envelope>(options: ProviderHttpOptions) {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;
  return async (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) => {
    let response: Response;
    try {
      response = await doFetch(`${options.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      // A refused or dropped connection is the provider not answering, like a timeout (kept as is).
      if ((error as Error).name === 'TimeoutError') throw error;
      throw new ProviderError(`The provider could not be reached: ${(error as Error).message}`);
    }
    const json = (await response.json().catch(() => ({}))) as Envelope;
    return { status: response.status, json };
  };
}

/**
 * A webhook body as JSON, or null when it is not JSON or nests too deeply for any provider's event:
 * it is read before its signature is checked, and parsing a deeply nested megabyte alone would
 * hold the server for a second.
 */
export function jsonOf(rawBody: Buffer): unknown {
  const text = rawBody.toString('utf8');
  if (jsonNestsDeeperThan(text)) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A signed webhook's event name and `data`, or null when the body is not an event. */
export function webhookBody(rawBody: Buffer): { event: string; data: Record<string, unknown>; body: unknown } | null {
  const body = jsonOf(rawBody) as { event?: unknown; data?: unknown } | null;
  if (typeof body?.event !== 'string') return null;
  const data = body.data && typeof body.data === 'object' ? (body.data as Record<string, unknown>) : {};
  return { event: body.event, data, body };
}
