/**
 * What the local Flutterwave keeps of a charge and how api.flutterwave.com/v3 shows it on the
 * wire (amounts in naira, major units; ../shared/research/payments.md §2). Amounts are kept in
 * kobo and only turned into naira here.
 */
export type Status = 'pending' | 'successful' | 'failed';

export interface FakeCharge {
  /** Flutterwave creates the transaction (and its numeric id) when the payer first tries to pay. */
  id: number | null;
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

/** Local card fee: 1.4%, in kobo. */
const appFee = (kobo: number) => Math.round(kobo * 0.014);

export function chargeData(c: FakeCharge) {
  return {
    id: c.id,
    tx_ref: c.txRef,
    flw_ref: c.flwRef,
    device_fingerprint: 'N/A',
    amount: naira(c.amountKobo),
    currency: c.currency,
    charged_amount: naira(c.amountKobo),
    app_fee: naira(appFee(c.amountKobo)),
    merchant_fee: 0,
    processor_response:
      c.status === 'successful' ? 'Approved by Financial Institution' : c.status === 'failed' ? 'Declined' : 'Pending',
    auth_model: 'PIN',
    ip: '127.0.0.1',
    narration: 'CARD Transaction ',
    status: c.status,
    payment_type: 'card',
    created_at: c.createdAt,
    account_id: 17_321,
    card: { first_6digits: '553188', last_4digits: '2950', issuer: 'MASTERCARD', country: 'NG', type: 'MASTERCARD' },
    meta: c.meta ?? null,
    amount_settled: naira(c.amountKobo - appFee(c.amountKobo)),
    customer: {
      id: c.customerId,
      name: c.name ?? 'Anonymous customer',
      phone_number: 'N/A',
      email: c.email,
      created_at: c.createdAt,
    },
  };
}
