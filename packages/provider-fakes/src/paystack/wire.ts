/**
 * What the local Paystack keeps of a transaction and how api.paystack.co shows it on the wire
 * (amounts in kobo; ../shared/research/payments.md §1).
 */
import { createHmac } from 'node:crypto';
import {
  customerData,
  type FakeCustomer,
  type FakeTransfer,
  INTEGRATION,
  transferAuthorization,
} from './dedicated-wire.js';

export type Status = 'abandoned' | 'success' | 'failed' | 'reversed' | 'ongoing';

export interface FakeTransaction {
  id: number;
  reference: string;
  accessCode: string;
  email: string;
  requestedAmount: number;
  /** What the payer is charged; differs from requestedAmount only when a test tampers with it. */
  amount: number;
  currency: string;
  callbackUrl: string | null;
  metadata: unknown;
  status: Status;
  channel: string | null;
  fees: number | null;
  paidAt: string | null;
  createdAt: string;
  customerId: number;
  /** Kobo already sent back to the payer through /refund. */
  refundedAmount: number;
  /** The payer's dispute of the transaction, once there is one. */
  disputeId?: number;
  /** The Paystack customer the transaction belongs to (checkouts: the payer's email). */
  customer?: FakeCustomer;
  /** A bank transfer into a dedicated virtual account (channel `dedicated_nuban`). */
  transfer?: FakeTransfer;
}

export interface FakeRefund {
  id: number;
  transaction: FakeTransaction;
  amount: number;
  status: 'pending' | 'processed' | 'failed' | 'needs-attention';
  createdAt: string;
}

/**
 * Paystack's `x-paystack-signature`: HMAC-SHA512 of the raw body under the secret key. Written
 * here from Paystack's documentation, not taken from the API, so a test checks the API's
 * verification against an independent signer.
 */
export const sign = (secretKey: string, body: string) => createHmac('sha512', secretKey).update(body).digest('hex');

/** Local card fees: 1.5% + ₦100 (₦100 waived under ₦2,500), capped at ₦2,000; in kobo. */
export function cardFees(amount: number): number {
  const fee = Math.round(amount * 0.015) + (amount < 250_000 ? 0 : 10_000);
  return Math.min(fee, 200_000);
}

export function verifyData(t: FakeTransaction) {
  return {
    id: t.id,
    domain: 'test',
    status: t.status,
    reference: t.reference,
    amount: t.amount,
    requested_amount: t.requestedAmount,
    currency: t.currency,
    channel: t.channel,
    gateway_response:
      t.status === 'success'
        ? t.transfer
          ? 'Approved'
          : 'Successful'
        : t.status === 'failed'
          ? 'Declined'
          : 'The transaction was not completed',
    message: null,
    paid_at: t.paidAt,
    created_at: t.createdAt,
    ip_address: t.transfer ? null : '127.0.0.1',
    metadata: t.metadata,
    fees: t.fees,
    fees_split: null,
    log: null,
    authorization: t.transfer
      ? transferAuthorization(t.transfer, `AUTH_${t.accessCode.slice(0, 10)}`)
      : t.status === 'success'
        ? {
            authorization_code: `AUTH_${t.accessCode.slice(0, 10)}`,
            bin: '408408',
            last4: '4081',
            channel: 'card',
            bank: 'TEST BANK',
            brand: 'visa',
            reusable: true,
          }
        : {},
    customer: t.customer
      ? customerData(t.customer)
      : { id: t.customerId, email: t.email, customer_code: `CUS_${t.accessCode.slice(0, 15)}` },
    plan: null,
    split: {},
    subaccount: {},
    order_id: null,
    paidAt: t.paidAt,
    transaction_date: t.createdAt,
    source: null,
    fees_breakdown: null,
  };
}

/** The `data` of POST /refund's answer. */
export function refundData(refund: FakeRefund) {
  const t = refund.transaction;
  const { id, domain, reference, amount, paid_at, channel, currency, authorization, customer } = verifyData(t);
  return {
    transaction: {
      id,
      domain,
      reference,
      amount,
      paid_at,
      channel,
      currency,
      authorization,
      customer,
      plan: {},
      subaccount: {},
      split: {},
      order_id: null,
      paidAt: paid_at,
      pos_transaction_data: null,
      source: null,
      fees_breakdown: null,
    },
    integration: INTEGRATION,
    deducted_amount: 0,
    channel: null,
    merchant_note: `Refund for transaction ${t.reference}`,
    customer_note: `Refund for transaction ${t.reference}`,
    status: refund.status,
    refunded_by: 'local@schoolledger.ng',
    expected_at: new Date(Date.parse(refund.createdAt) + 9 * 86_400_000).toISOString(),
    currency: t.currency,
    domain: 'test',
    amount: refund.amount,
    fully_deducted: false,
    id: refund.id,
    createdAt: refund.createdAt,
    updatedAt: refund.createdAt,
  };
}

/** The `data` of a refund.* webhook: the transaction is named by `transaction_reference`, amounts are strings. */
export function refundEventData(refund: FakeRefund) {
  const t = refund.transaction;
  return {
    status: refund.status,
    transaction_reference: t.reference,
    refund_reference: `RFD_${refund.id}`,
    amount: String(refund.amount),
    currency: t.currency,
    processor: 'mastercard',
    customer: { first_name: null, last_name: null, email: t.email },
    integration: INTEGRATION,
    domain: 'test',
    id: String(refund.id),
  };
}

/** The `data` of a charge.dispute.* webhook: the transaction is nested, with its reference. */
export function disputeData(t: FakeTransaction, id: number, resolution: string | null) {
  const { id: transactionId, reference, amount, currency, channel, paid_at, customer } = verifyData(t);
  return {
    id,
    refund_amount: amount,
    currency,
    status: resolution ? 'resolved' : 'awaiting-merchant-feedback',
    resolution,
    domain: 'test',
    transaction: { id: transactionId, reference, amount, currency, channel, paid_at, status: t.status },
    transaction_reference: null,
    category: 'chargeback',
    customer,
    bin: '408408',
    last4: '4081',
    dueAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    resolvedAt: resolution ? new Date().toISOString() : null,
    createdAt: new Date().toISOString(),
  };
}
