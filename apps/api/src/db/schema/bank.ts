import { BANK_LINE_STATUSES } from '@schoolledger/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id } from './columns.js';
import { schools } from './schools.js';
import { users } from './users.js';

/** A bank statement a bursar uploaded for one of the school's accounts, as it was read. */
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    fileName: text('file_name').notNull(),
    format: text('format', { enum: ['csv', 'xlsx', 'mt940', 'camt053'] }).notNull(),
    /** The account the file names (title rows, `:25:`, `Acct/Id`); '' when it names none. */
    accountNumber: text('account_number').notNull(),
    lineCount: integer('line_count').notNull(),
    alreadyImported: integer('already_imported').notNull(),
    /** What could not be read, by the file's row: [{ row, message }]. */
    problems: jsonb('problems').notNull(),
    /** Positions at which the running balance did not follow from the line before. */
    balanceBreaks: jsonb('balance_breaks').notNull(),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bank_statements_school_idx').on(t.schoolId, t.createdAt)],
);

/**
 * One line of a statement, imported once: a line seen in an earlier upload of the same account
 * (same day, direction, amount and narration, the same how-many-th of its kind in the file) is not
 * imported again, so overlapping statements are safe. A credit is matched to a student and, when
 * certain or when a person confirms it, credited through the ledger (`payment_ids`).
 */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: id(),
    statementId: uuid('statement_id')
      .notNull()
      .references(() => bankStatements.id),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    accountNumber: text('account_number').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** 1 for the first line of its fingerprint in the file, 2 for the second (two SMS charges on one day). */
    occurrence: integer('occurrence').notNull(),
    position: integer('position').notNull(),
    bookedOn: date('booked_on', { mode: 'string' }).notNull(),
    direction: text('direction', { enum: ['credit', 'debit'] }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'bigint' }).notNull(),
    narration: text('narration').notNull(),
    reference: text('reference'),
    balanceKobo: bigint('balance_kobo', { mode: 'bigint' }),
    reversal: boolean('reversal').notNull(),
    /** The line reads as a payment provider paying out its collections: set aside, and matched to its settlement. */
    settlement: boolean('settlement').notNull().default(false),
    status: text('status', { enum: BANK_LINE_STATUSES }).notNull(),
    note: text('note'),
    /** The candidates found at import, best first (at most three), as the review queue shows them. */
    candidates: jsonb('candidates').notNull(),
    /** Whose fees a confirmed line paid, the payments it credited, and who confirmed it (null: certain at import). */
    studentId: uuid('student_id').references(() => users.id),
    paymentIds: uuid('payment_ids').array(),
    confirmedBy: uuid('confirmed_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_statement_lines_once_uq').on(t.schoolId, t.accountNumber, t.fingerprint, t.occurrence),
    index('bank_statement_lines_status_idx').on(t.schoolId, t.status, t.bookedOn),
    index('bank_statement_lines_settlement_idx').on(t.schoolId, t.bookedOn).where(sql`${t.settlement}`),
    check('bank_statement_lines_amount_positive', sql`${t.amountKobo} > 0`),
    check(
      'bank_statement_lines_confirmed_paid',
      sql`(${t.status} = 'confirmed') = (${t.paymentIds} is not null and ${t.studentId} is not null)`,
    ),
  ],
);

/**
 * How a school account's CSV or Excel statement lays out its columns, learned once (suggested from
 * the headers, or chosen by the bursar on the mapping screen) and used for its next uploads.
 * `account_number` is '' for a file that names no account.
 */
export const bankStatementMappings = pgTable(
  'bank_statement_mappings',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    accountNumber: text('account_number').notNull(),
    mapping: jsonb('mapping').notNull(),
    updatedBy: uuid('updated_by')
      .notNull()
      .references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'bank_statement_mappings_pk', columns: [t.schoolId, t.accountNumber] })],
);

/**
 * A sender's account number that a person credited to a student (the uncle who pays each term):
 * the next credit from it is suggested for that student, never credited by itself.
 */
export const bankPayerLinks = pgTable(
  'bank_payer_links',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    senderAccount: text('sender_account').notNull(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    /** The line whose confirmation taught it. */
    lineId: uuid('line_id')
      .notNull()
      .references(() => bankStatementLines.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'bank_payer_links_pk', columns: [t.schoolId, t.senderAccount] })],
);

/**
 * What a payment provider paid out to the school's bank for a day's collections, as its settlements
 * API reports it, beside what SchoolLedger recorded of the same transactions, and the statement line
 * it arrived as. Matching a line posts the settlement (`ledger_post_settlement`): the bank takes the
 * net, the provider's charges go to their expense account, the provider's clearing account empties.
 */
export const providerSettlements = pgTable(
  'provider_settlements',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    provider: text('provider', { enum: ['paystack', 'flutterwave'] }).notNull(),
    providerSettlementId: text('provider_settlement_id').notNull(),
    settledOn: date('settled_on', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    /** The provider's word for it (`success`, `pending`, ...). */
    status: text('status').notNull(),
    /** What its transactions came to, what the provider kept, and what it paid out. */
    grossKobo: bigint('gross_kobo', { mode: 'bigint' }).notNull(),
    chargesKobo: bigint('charges_kobo', { mode: 'bigint' }).notNull(),
    netKobo: bigint('net_kobo', { mode: 'bigint' }).notNull(),
    transactionCount: integer('transaction_count').notNull(),
    /** Our successful payments among its transactions, and how much of them was booked to the bank already. */
    recordedKobo: bigint('recorded_kobo', { mode: 'bigint' }).notNull(),
    recordedCount: integer('recorded_count').notNull(),
    bankedKobo: bigint('banked_kobo', { mode: 'bigint' }).notNull(),
    /** The provider's references it paid out that we hold no successful payment for (at most 20). */
    unrecorded: jsonb('unrecorded').$type<{ reference: string; amountKobo: string | null }[]>().notNull(),
    bankLineId: uuid('bank_line_id').references(() => bankStatementLines.id),
    matchedBy: uuid('matched_by').references(() => users.id),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('provider_settlements_once_uq').on(t.schoolId, t.provider, t.providerSettlementId),
    uniqueIndex('provider_settlements_line_uq').on(t.bankLineId).where(sql`${t.bankLineId} is not null`),
    index('provider_settlements_day_idx').on(t.schoolId, t.settledOn),
    check('provider_settlements_provider', sql`${t.provider} in ('paystack', 'flutterwave')`),
    check(
      'provider_settlements_amounts',
      sql`${t.grossKobo} >= 0 and ${t.chargesKobo} >= 0 and ${t.netKobo} >= 0 and ${t.bankedKobo} >= 0`,
    ),
    check('provider_settlements_matched', sql`(${t.bankLineId} is null) = (${t.matchedAt} is null)`),
  ],
);
