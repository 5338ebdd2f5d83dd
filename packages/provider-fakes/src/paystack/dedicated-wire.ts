/**
 * What the local Paystack keeps of customers and dedicated virtual accounts (DVAs) and how
 * api.paystack.co shows them on the wire (../shared/research/bank-and-messaging.md §A2; the
 * sample answers of Paystack's "Dedicated Virtual Accounts" and "Settlements" API pages).
 */

/** The integration id the fake's answers carry (Paystack's id of the business's account). */
export const INTEGRATION = 412_829;

export interface FakeCustomer {
  id: number;
  /** `CUS_` and 15 lower-case letters and digits, as Paystack writes it. */
  code: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  metadata: unknown;
  createdAt: string;
  updatedAt: string;
}

export interface DvaBank {
  name: string;
  id: number;
  slug: string;
}

/**
 * The banks the fake issues DVAs on (live Paystack offers these two in Nigeria; its test mode
 * offers `test-bank`). The ids are Paystack's for Wema; Titan's is the fake's own.
 */
export const DVA_BANKS: readonly (DvaBank & { providerId: number; prefix: string })[] = [
  { name: 'Wema Bank', id: 20, slug: 'wema-bank', providerId: 5, prefix: '99' },
  { name: 'Paystack-Titan', id: 171, slug: 'titan-paystack', providerId: 6, prefix: '98' },
];

export interface FakeDedicatedAccount {
  id: number;
  /** A 10-digit NUBAN. */
  accountNumber: string;
  accountName: string;
  bank: DvaBank;
  customer: FakeCustomer;
  active: boolean;
  assigned: boolean;
  createdAt: string;
  updatedAt: string;
  assignedAt: string;
  expiredAt: string | null;
}

/** One bank transfer into a DVA, as the receiving bank reported it to Paystack. */
export interface FakeTransfer {
  account: FakeDedicatedAccount;
  senderBank: string;
  senderAccountNumber: string;
  senderName: string;
  narration: string;
}

/** DVA fees: 1% capped at ₦300; in kobo. */
export const dedicatedNubanFees = (amount: number) => Math.min(Math.round(amount / 100), 30_000);

/** An account number as Paystack masks the sender's: all but the last four digits are X. */
export const maskAccountNumber = (accountNumber: string) =>
  accountNumber.length <= 4 ? accountNumber : `${'X'.repeat(accountNumber.length - 4)}${accountNumber.slice(-4)}`;

export function customerData(c: FakeCustomer) {
  return {
    id: c.id,
    first_name: c.firstName,
    last_name: c.lastName,
    email: c.email,
    customer_code: c.code,
    phone: c.phone,
    metadata: c.metadata,
    risk_action: 'default',
    international_format_phone: null,
  };
}

/** The answer of POST /customer and the base of GET /customer/:email_or_code. */
export function customerRecord(c: FakeCustomer) {
  return {
    ...customerData(c),
    integration: INTEGRATION,
    domain: 'test',
    identified: false,
    identifications: null,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

export function dedicatedAccountData(a: FakeDedicatedAccount) {
  return {
    bank: { ...a.bank },
    account_name: a.accountName,
    account_number: a.accountNumber,
    assigned: a.assigned,
    currency: 'NGN',
    metadata: null,
    active: a.active,
    id: a.id,
    created_at: a.createdAt,
    updated_at: a.updatedAt,
    assignment: {
      integration: INTEGRATION,
      assignee_id: a.customer.id,
      // An unassigned account goes back to the business (Paystack's "Deactivate" sample answer).
      assignee_type: a.assigned ? 'Customer' : 'Integration',
      expired: !a.assigned,
      account_type: 'PAY-WITH-TRANSFER-RECURRING',
      assigned_at: a.assignedAt,
      expired_at: a.expiredAt,
    },
    customer: customerData(a.customer),
    split_config: null,
  };
}

/** `data.authorization` of a DVA credit: no card, the sender's bank details instead. */
export function transferAuthorization(transfer: FakeTransfer, authorizationCode: string) {
  return {
    authorization_code: authorizationCode,
    bin: null,
    last4: null,
    exp_month: null,
    exp_year: null,
    channel: 'dedicated_nuban',
    card_type: 'transfer',
    bank: null,
    country_code: 'NG',
    brand: 'Managed Account',
    reusable: false,
    signature: null,
    account_name: null,
    sender_country: 'NG',
    sender_bank: transfer.senderBank,
    sender_bank_account_number: maskAccountNumber(transfer.senderAccountNumber),
    sender_name: transfer.senderName,
    narration: transfer.narration,
    receiver_bank_account_number: transfer.account.accountNumber,
    receiver_bank: transfer.account.bank.name,
  };
}
