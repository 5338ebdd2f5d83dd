import { capitalize } from './text.js';

// Plain constants, apart from the zod schemas: the web's entry reads the labels, and importing
// them from a schema module would pull zod into the first load.

/** The ways a payer can hand money to a school: what a payment profile switches on and off. */
export const PAYER_METHODS = ['paystack', 'flutterwave', 'bank_transfer', 'cash'] as const;
export type PayerMethod = (typeof PAYER_METHODS)[number];
/**
 * `credit`: a fee paid from the family's credit. It is not new money: the money came in once, by
 * the method of the payment that left the excess, and collections by method show its use as credit.
 */
export const PAYMENT_METHODS = [...PAYER_METHODS, 'credit'] as const;
export const PAYMENT_STATUSES = ['pending', 'success', 'failed', 'review'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const ONLINE_METHODS = ['paystack', 'flutterwave'] as const satisfies readonly PaymentMethod[];
export type OnlineMethod = (typeof ONLINE_METHODS)[number];
export const PAYMENT_KINDS = ['payment', 'refund'] as const;

/** How SPEC §2 names each method to the payer. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  paystack: 'Paystack',
  flutterwave: 'Flutterwave',
  bank_transfer: 'Bank Transfer',
  cash: 'Cash Payment',
  credit: 'Family credit',
};

/** How a provider's channel reads to a payer; any other channel is shown as the provider names it, in words. */
const PAYMENT_CHANNEL_LABELS: Record<string, string> = {
  card: 'Card',
  bank: 'Bank account',
  bank_transfer: 'Bank transfer',
  dedicated_nuban: "Transfer to the family's account",
  virtual_account: "Transfer to the family's account",
  ussd: 'USSD',
  qr: 'QR code',
  mobile_money: 'Mobile money',
  mobilemoneyghana: 'Mobile money',
  eft: 'EFT',
  apple_pay: 'Apple Pay',
};

export function paymentChannelLabel(channel: string): string {
  const known = PAYMENT_CHANNEL_LABELS[channel.toLowerCase()];
  if (known) return known;
  return capitalize(channel.replaceAll('_', ' ').trim());
}

/**
 * The channel a payment records when money sent into a family's own account paid it: each
 * provider's word for such a transfer. Nobody at the bursary confirmed these; they paid by themselves.
 */
export const FAMILY_ACCOUNT_CHANNELS = { paystack: 'dedicated_nuban', flutterwave: 'virtual_account' } as const;
export const isFamilyAccountChannel = (channel: string | null | undefined) =>
  channel === FAMILY_ACCOUNT_CHANNELS.paystack || channel === FAMILY_ACCOUNT_CHANNELS.flutterwave;
