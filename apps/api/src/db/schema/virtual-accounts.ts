import {
  VIRTUAL_ACCOUNT_CREDIT_STATUSES,
  VIRTUAL_ACCOUNT_HOLDER_KINDS,
  VIRTUAL_ACCOUNT_PROVIDERS,
} from '@schoolledger/domain';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';
import { schools } from './schools.js';
import { users } from './users.js';

/** Whether a school opens virtual accounts for its families, with which provider, and on which of its banks. */
export const virtualAccountSettings = pgTable(
  'virtual_account_settings',
  {
    schoolId: uuid('school_id')
      .primaryKey()
      .references(() => schools.id),
    enabled: boolean('enabled').notNull().default(false),
    /** Who opens new accounts; accounts already open keep theirs. */
    provider: text('provider', { enum: VIRTUAL_ACCOUNT_PROVIDERS }).notNull().default('paystack'),
    /** Paystack's name of the bank (`wema-bank`, `titan-paystack`); Flutterwave chooses its own. */
    preferredBank: text('preferred_bank').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [check('virtual_account_settings_provider', sql`${t.provider} in ('paystack', 'flutterwave')`)],
);

/**
 * A family's account number at a school, opened at the provider with the school's own keys: a
 * parent's for the family, or a student's when no parent is linked. One active account per holder
 * and school (opening again answers it); an account number names one active account. A
 * deactivated row stays, so money a parent still sends to a saved beneficiary lands on the family.
 */
export const virtualAccounts = pgTable(
  'virtual_accounts',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    holderKind: text('holder_kind', { enum: VIRTUAL_ACCOUNT_HOLDER_KINDS }).notNull(),
    holderId: uuid('holder_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: VIRTUAL_ACCOUNT_PROVIDERS }).notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    bankName: text('bank_name').notNull(),
    /** The provider's name of the bank, which its requery asks by. */
    bankSlug: text('bank_slug').notNull(),
    /** The provider's id of the account (Paystack's dedicated account id), which deactivating names. */
    providerAccountId: text('provider_account_id').notNull(),
    /** The provider's customer the account belongs to. */
    customerCode: text('customer_code').notNull(),
    /** Flutterwave's `tx_ref` the account was opened with, which every transfer into it repeats; null for Paystack. */
    providerReference: text('provider_reference'),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    deactivatedBy: uuid('deactivated_by').references(() => users.id),
    deactivationReason: text('deactivation_reason'),
  },
  (t) => [
    uniqueIndex('virtual_accounts_holder_uq').on(t.schoolId, t.holderId).where(sql`${t.active}`),
    uniqueIndex('virtual_accounts_number_uq').on(t.provider, t.accountNumber).where(sql`${t.active}`),
    uniqueIndex('virtual_accounts_reference_uq')
      .on(t.provider, t.providerReference)
      .where(sql`${t.providerReference} is not null`),
    index('virtual_accounts_number_idx').on(t.provider, t.accountNumber, t.createdAt),
    index('virtual_accounts_school_idx').on(t.schoolId, t.createdAt, t.id),
    check(
      'virtual_accounts_deactivated',
      sql`${t.active} = (${t.deactivatedAt} is null) and (${t.active} or ${t.deactivationReason} is not null)`,
    ),
  ],
);

/**
 * Each transfer that arrived in an account, once: the provider's transaction id is unique, and
 * the row is written in the transaction that credits it, so a webhook delivered twice (or again
 * by a requery) credits nothing twice. `payment_ids` are the credited payments it became, one per
 * fee; `unplaced_kobo` what of it waits for a person.
 */
export const virtualAccountCredits = pgTable(
  'virtual_account_credits',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    /** Null when the number is none of SchoolLedger's (`ignored`). */
    accountId: uuid('account_id').references(() => virtualAccounts.id),
    receiverAccountNumber: text('receiver_account_number').notNull(),
    provider: text('provider', { enum: VIRTUAL_ACCOUNT_PROVIDERS }).notNull(),
    /** Paystack's transaction id; Flutterwave's transaction `id` (its `tx_ref` repeats on every credit). */
    providerTransactionId: text('provider_transaction_id').notNull(),
    reference: text('reference').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    senderName: text('sender_name'),
    senderBank: text('sender_bank'),
    /** As the bank masks it. */
    senderAccountNumber: text('sender_account_number'),
    narration: text('narration'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: VIRTUAL_ACCOUNT_CREDIT_STATUSES }).notNull(),
    reason: text('reason'),
    unplacedKobo: bigint('unplaced_kobo', { mode: 'bigint' }).notNull().default(sql`0`),
    paymentIds: uuid('payment_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('virtual_account_credits_transaction_uq').on(t.provider, t.providerTransactionId),
    index('virtual_account_credits_school_idx').on(t.schoolId, t.createdAt, t.id),
    index('virtual_account_credits_account_idx').on(t.accountId, t.createdAt),
    check('virtual_account_credits_unplaced', sql`${t.unplacedKobo} >= 0`),
  ],
);
