/**
 * What the local Flutterwave keeps of a charge and how api.flutterwave.com/v3 shows it on the
 * wire (amounts in naira, major units; ../shared/research/payments.md §2). Amounts are kept in
 * kobo and only turned into naira here.
 */
export type Status = 'pending' | 'successful' | 'failed';

/**
 * One try to pay on a hosted checkout. Flutterwave makes a transaction, with its own id, for
 * every attempt: a declined card and the retry that succeeds are two transactions of one tx_ref.
 */
export interface FakeAttempt {
  id: number;
  flwRef: string;
  status: Status;
  createdAt: string;
  /** Kobo of this transaction when it is not the checkout's (each credit to a virtual account has its own). */
  amountKobo?: number;
  /** Its currency when it is not the checkout's. */
  currency?: string;
  /** A bank transfer into a virtual account: who sent it. */
  transfer?: FakeBankTransfer;
}

/** The originator of a bank transfer into a virtual account, as the receiving bank reports it. */
export interface FakeBankTransfer {
  originatorName: string;
  originatorAccountNumber: string;
  /** The sender's bank's name, and its NIP code. */
  bankName: string;
  originatorBank: string;
  narration: string;
}

export interface FakeCharge {
  /** The latest attempt's id; null until the payer first tries to pay. */
  id: number | null;
  /** Every attempt, oldest first. */
  attempts: FakeAttempt[];
  txRef: string;
  flwRef: string | null;
  code: string;
  email: string;
  name: string | null;
  /** Kobo asked for; `amount` differs only when a test tampers with it. */
  requestedKobo: number;
  amountKobo: number;
  currency: string;
  redirectUrl: string | null;
  meta: unknown;
  status: Status;
  createdAt: string;
  customerId: number;
  refundedKobo: number;
}

/** Kobo as Flutterwave's major-unit number (exact: at most two decimals). */
export const naira = (kobo: number) => Number((kobo / 100).toFixed(2));

/** Naira from a request (number or numeric string, at most two decimals) to kobo; null if not an amount. */
export function toKobo(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Local card and bank transfer fee: 1.4%, in kobo. */
export const appFee = (kobo: number) => Math.round(kobo * 0.014);

/** An account number as Flutterwave masks the originator's: the first three and last two digits. */
export const maskOriginator = (accountNumber: string) =>
  accountNumber.length <= 5
    ? accountNumber
    : `${accountNumber.slice(0, 3)}${'*'.repeat(accountNumber.length - 5)}${accountNumber.slice(-2)}`;

/** `meta` (in `data`) and `meta_data` (beside it, in a webhook) of a bank transfer. */
export function transferMeta(transfer: FakeBankTransfer) {
  return {
    originatoraccountnumber: maskOriginator(transfer.originatorAccountNumber),
    originatorname: transfer.originatorName,
    bankname: transfer.bankName,
    originatorbank: transfer.originatorBank,
    originatoramount: 'N/A',
  };
}

/** The wire form of attempt `attempt` of checkout `c` (by default its latest). */
export function chargeData(c: FakeCharge, attempt: FakeAttempt | undefined = c.attempts.at(-1)) {
  if (attempt?.transfer) return transferData(c, attempt, attempt.transfer);
  const status = attempt?.status ?? c.status;
  const createdAt = attempt?.createdAt ?? c.createdAt;
  return {
    id: attempt?.id ?? c.id,
    tx_ref: c.txRef,
    flw_ref: attempt?.flwRef ?? c.flwRef,
    device_fingerprint: 'N/A',
    amount: naira(c.amountKobo),
    currency: c.currency,
    charged_amount: naira(c.amountKobo),
    app_fee: naira(appFee(c.amountKobo)),
    merchant_fee: 0,
    processor_response:
      status === 'successful' ? 'Approved by Financial Institution' : status === 'failed' ? 'Declined' : 'Pending',
    auth_model: 'PIN',
    ip: '127.0.0.1',
    narration: 'CARD Transaction ',
    status,
    payment_type: 'card',
    created_at: createdAt,
    account_id: 17_321,
    card: { first_6digits: '553188', last_4digits: '2950', issuer: 'MASTERCARD', country: 'NG', type: 'MASTERCARD' },
    meta: c.meta ?? null,
    amount_settled: naira(c.amountKobo - appFee(c.amountKobo)),
    customer: {
      id: c.customerId,
      name: c.name ?? 'Anonymous customer',
      phone_number: 'N/A',
      email: c.email,
      created_at: createdAt,
    },
  };
}

/** A credit to a virtual account: `tx_ref` is the account's (the same for every credit), the id its own. */
function transferData(c: FakeCharge, attempt: FakeAttempt, transfer: FakeBankTransfer) {
  const amountKobo = attempt.amountKobo ?? c.amountKobo;
  return {
    id: attempt.id,
    tx_ref: c.txRef,
    flw_ref: attempt.flwRef,
    device_fingerprint: 'N/A',
    amount: naira(amountKobo),
    currency: attempt.currency ?? c.currency,
    charged_amount: naira(amountKobo),
    app_fee: naira(appFee(amountKobo)),
    merchant_fee: 0,
    processor_response: attempt.status === 'successful' ? 'success' : attempt.status,
    auth_model: 'AUTH',
    ip: '127.0.0.1',
    narration: transfer.narration,
    status: attempt.status,
    payment_type: 'bank_transfer',
    created_at: attempt.createdAt,
    account_id: 17_321,
    meta: transferMeta(transfer),
    amount_settled: naira(amountKobo - appFee(amountKobo)),
    customer: {
      id: c.customerId,
      name: c.name ?? 'Anonymous customer',
      phone_number: 'N/A',
      email: c.email,
      created_at: c.createdAt,
    },
  };
}
