import { LEDGER_ACCOUNT_TYPES, LEDGER_EXPORT_PACKAGES, LEDGER_SOURCES } from '@schoolledger/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';
import { fees } from './fees.js';
import { schools } from './schools.js';
import { users } from './users.js';

/**
 * A school's chart of accounts. Every school gets the default chart (`ledger_default_accounts`)
 * when it is created; an accountant renames accounts and adds their own. `system_key` names the
 * accounts the posting functions write to (`cash`, `bank`, `clearing:paystack`, `receivable`,
 * `fee_income:tuition`, `expense:utilities`…); accounts an accountant adds have none.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: id(),
    /** A school deleted before any money moved takes its chart with it. */
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: LEDGER_ACCOUNT_TYPES }).notNull(),
    systemKey: text('system_key'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_school_code_uq').on(t.schoolId, t.code),
    uniqueIndex('ledger_accounts_school_key_uq').on(t.schoolId, t.systemKey),
  ],
);

/** What each account is called in an accounting package the school loads its journal into. */
export const ledgerAccountMappings = pgTable(
  'ledger_account_mappings',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'cascade' }),
    package: text('package', { enum: LEDGER_EXPORT_PACKAGES }).notNull(),
    externalAccount: text('external_account').notNull(),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.package] })],
);

/**
 * One balanced movement of money. Entries are posted by the database's posting functions, in the
 * transaction that records what moved, and never edited or deleted: a correction is a new entry
 * (`reverses_id` when it undoes one whole).
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    /** The day it counts in the books (Lagos); never inside a closed period. */
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
    source: text('source', { enum: LEDGER_SOURCES }).notNull(),
    /** The payment, adjustment, credit entry or payout it posts; null for charges (many at once). */
    sourceId: uuid('source_id'),
    memo: text('memo').notNull(),
    reversesId: bigint('reverses_id', { mode: 'number' }).references((): AnyPgColumn => journalEntries.id),
  },
  (t) => [
    index('journal_entries_school_date_idx').on(t.schoolId, t.entryDate, t.id),
    index('journal_entries_source_idx').on(t.sourceId),
  ],
);

/**
 * The entry's lines: `amount_kobo` is signed, a debit positive and a credit negative, so an entry
 * balances when its lines sum to zero (checked by the database at the end of the statement that
 * writes them). A line on fees receivable names the student and fee it is owed on.
 */
export const journalLines = pgTable(
  'journal_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    schoolId: uuid('school_id').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'bigint' }).notNull(),
    studentId: uuid('student_id'),
    feeId: uuid('fee_id'),
  },
  (t) => [
    index('journal_lines_entry_idx').on(t.entryId),
    index('journal_lines_account_date_idx').on(t.accountId, t.entryDate),
    index('journal_lines_school_date_idx').on(t.schoolId, t.entryDate),
    index('journal_lines_student_idx').on(t.studentId, t.entryDate).where(sql`${t.studentId} is not null`),
    check('journal_lines_amount_not_zero', sql`${t.amountKobo} <> 0`),
  ],
);

/**
 * Each account's debits and credits of each day, kept by the trigger that checks the lines a
 * statement writes: a trial balance or an account's opening balance reads days, not lines.
 */
export const ledgerAccountDays = pgTable(
  'ledger_account_days',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    day: date('day', { mode: 'string' }).notNull(),
    schoolId: uuid('school_id').notNull(),
    debitKobo: bigint('debit_kobo', { mode: 'bigint' }).notNull(),
    creditKobo: bigint('credit_kobo', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.day] }),
    index('ledger_account_days_school_day_idx').on(t.schoolId, t.day),
  ],
);

/**
 * What the journal has charged each student on each fee (the fee's amount while it applies to
 * them, else nothing): the charge posting compares against it to post only what changed.
 */
export const ledgerCharges = pgTable(
  'ledger_charges',
  {
    feeId: uuid('fee_id')
      .notNull()
      .references(() => fees.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    termId: uuid('term_id').notNull(),
    chargedKobo: bigint('charged_kobo', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.feeId, t.studentId] }),
    index('ledger_charges_term_student_idx').on(t.termId, t.studentId),
  ],
);

/**
 * A school's books closed through a day: no entry may be dated on or before the latest one.
 * Append-only; what is posted later for a closed day counts on the first open day.
 */
export const ledgerPeriodCloses = pgTable(
  'ledger_period_closes',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    closedThrough: date('closed_through', { mode: 'string' }).notNull(),
    closedBy: uuid('closed_by').references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_period_closes_school_idx').on(t.schoolId, t.closedThrough)],
);
