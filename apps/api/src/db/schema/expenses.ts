import {
  EXPENSE_ATTACHMENT_KINDS,
  EXPENSE_CATEGORIES,
  EXPENSE_PAYEE_KINDS,
  EXPENSE_STATUSES,
  PAYOUT_METHODS,
  VENDOR_BANK_CHANGE_STATUSES,
} from '@schoolledger/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { academicSessions, terms } from './academic.js';
import { id, timestamps } from './columns.js';
import { groupSchools, schools } from './schools.js';
import { users } from './users.js';

/** Who a group pays that is not on its staff: with bank details checked as a NUBAN. */
export const vendors = pgTable(
  'vendors',
  {
    id: id(),
    groupSchoolId: uuid('group_school_id')
      .notNull()
      .references(() => groupSchools.id),
    name: text('name').notNull(),
    /** A CBN bank code from the domain's list, or 'other'. */
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    phone: text('phone'),
    email: text('email'),
    address: text('address'),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('vendors_group_name_uq').on(t.groupSchoolId, sql`lower(${t.name})`),
    index('vendors_group_idx').on(t.groupSchoolId, t.isActive),
  ],
);

/**
 * A change of a vendor's bank details proposed by one person and decided by another. The vendor's
 * own columns keep the approved details, which every approval freezes, until a second approver
 * approves the change; a newer proposal supersedes a pending one. One pending change per vendor.
 */
export const vendorBankChanges = pgTable(
  'vendor_bank_changes',
  {
    id: id(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id),
    groupSchoolId: uuid('group_school_id')
      .notNull()
      .references(() => groupSchools.id),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    status: text('status', { enum: VENDOR_BANK_CHANGE_STATUSES }).notNull().default('pending'),
    proposedBy: uuid('proposed_by').references(() => users.id),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
  },
  (t) => [
    uniqueIndex('vendor_bank_changes_pending_uq').on(t.vendorId).where(sql`${t.status} = 'pending'`),
    index('vendor_bank_changes_vendor_idx').on(t.vendorId, t.proposedAt),
  ],
);

/** A school's approval rule: expenses above this amount need the proprietor's approval. */
export const expensePolicies = pgTable('expense_policies', {
  schoolId: uuid('school_id')
    .primaryKey()
    .references(() => schools.id),
  proprietorAboveKobo: bigint('proprietor_above_kobo', { mode: 'bigint' }),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Per school, the last expense reference and payment voucher numbers given out. */
export const schoolExpenseCounters = pgTable('school_expense_counters', {
  schoolId: uuid('school_id')
    .primaryKey()
    .references(() => schools.id),
  lastExpense: integer('last_expense').notNull().default(0),
  lastVoucher: integer('last_voucher').notNull().default(0),
});

/**
 * An expense request: recorded as a draft, submitted, approved by another person, paid out in
 * one or more payouts. `paidKobo` is the sum of its payouts net of reversals, kept under the
 * row's lock by the payout that changes it.
 */
export const expenses = pgTable(
  'expenses',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => academicSessions.id),
    termId: uuid('term_id')
      .notNull()
      .references(() => terms.id),
    reference: text('reference').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    category: text('category', { enum: EXPENSE_CATEGORIES }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'bigint' }).notNull(),
    paidKobo: bigint('paid_kobo', { mode: 'bigint' }).notNull().default(sql`0`),
    payeeKind: text('payee_kind', { enum: EXPENSE_PAYEE_KINDS }).notNull(),
    payeeUserId: uuid('payee_user_id').references(() => users.id),
    vendorId: uuid('vendor_id').references(() => vendors.id),
    /** The payee as written: a staff member's or vendor's name when chosen, else what was typed. */
    payeeName: text('payee_name').notNull(),
    /**
     * A vendor's bank details as approved with the expense, fixed by its approval: its payouts go
     * there whatever later happens to the vendor. Null for staff and other payees, and before approval.
     */
    payeeBankCode: text('payee_bank_code'),
    payeeBankName: text('payee_bank_name'),
    payeeAccountNumber: text('payee_account_number'),
    payeeAccountName: text('payee_account_name'),
    dueDate: date('due_date'),
    status: text('status', { enum: EXPENSE_STATUSES }).notNull().default('draft'),
    /** Set when submitted: the amount was above the school's threshold, so only a proprietor approves. */
    needsProprietor: boolean('needs_proprietor').notNull().default(false),
    /**
     * Everyone who changed the amount or the payee since the request was recorded: none of them
     * approves or rejects it (four eyes), however often it is reopened.
     */
    amountPayeeEditors: uuid('amount_payee_editors').array().notNull().default(sql`'{}'::uuid[]`),
    createdBy: uuid('created_by').references(() => users.id),
    submittedBy: uuid('submitted_by').references(() => users.id),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    cancellationReason: text('cancellation_reason'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('expenses_school_reference_uq').on(t.schoolId, t.reference),
    index('expenses_school_status_idx').on(t.schoolId, t.status, t.createdAt),
    index('expenses_term_category_idx').on(t.termId, t.category),
    check('expenses_amount_positive', sql`${t.amountKobo} > 0`),
    check('expenses_paid_within_amount', sql`${t.paidKobo} >= 0 and ${t.paidKobo} <= ${t.amountKobo}`),
  ],
);

/** The history of every change to an expense: who, when, from which status to which, and why. Append-only. */
export const expenseEvents = pgTable(
  'expense_events',
  {
    id: id(),
    expenseId: uuid('expense_id')
      .notNull()
      .references(() => expenses.id),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    action: text('action').notNull(),
    fromStatus: text('from_status', { enum: EXPENSE_STATUSES }),
    toStatus: text('to_status', { enum: EXPENSE_STATUSES }),
    note: text('note'),
    actorId: uuid('actor_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('expense_events_expense_idx').on(t.expenseId, t.createdAt)],
);

/** An invoice, a quotation or a receipt behind an expense: checked by its bytes, stored privately. */
export const expenseAttachments = pgTable(
  'expense_attachments',
  {
    id: id(),
    expenseId: uuid('expense_id')
      .notNull()
      .references(() => expenses.id),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    kind: text('kind', { enum: EXPENSE_ATTACHMENT_KINDS }).notNull(),
    filePath: text('file_path').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('expense_attachments_expense_idx').on(t.expenseId)],
);

/**
 * Money paid out against an approved expense, each with its payment voucher. Append-only: a
 * reversal is a new row with the negative amount, pointing at the payout it reverses (once).
 */
export const expensePayouts = pgTable(
  'expense_payouts',
  {
    id: id(),
    expenseId: uuid('expense_id')
      .notNull()
      .references(() => expenses.id),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    voucherNo: text('voucher_no').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'bigint' }).notNull(),
    method: text('method', { enum: PAYOUT_METHODS }).notNull(),
    reference: text('reference'),
    paidOn: date('paid_on').notNull(),
    /** Who was paid and into which account, as fixed on the expense when this payout was made: the voucher prints these. */
    payeeName: text('payee_name').notNull(),
    payeeBankCode: text('payee_bank_code'),
    payeeBankName: text('payee_bank_name'),
    payeeAccountNumber: text('payee_account_number'),
    payeeAccountName: text('payee_account_name'),
    note: text('note'),
    reversesId: uuid('reverses_id'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('expense_payouts_school_voucher_uq').on(t.schoolId, t.voucherNo),
    uniqueIndex('expense_payouts_reverses_uq').on(t.reversesId),
    index('expense_payouts_expense_idx').on(t.expenseId),
    index('expense_payouts_school_paid_on_idx').on(t.schoolId, t.paidOn),
    check('expense_payouts_amount_not_zero', sql`${t.amountKobo} <> 0`),
    check(
      'expense_payouts_reversal_negative',
      sql`(${t.reversesId} is null and ${t.amountKobo} > 0) or (${t.reversesId} is not null and ${t.amountKobo} < 0)`,
    ),
  ],
);

/** What a school means to spend on a category in a term; alerts remember the threshold last announced. */
export const budgets = pgTable(
  'budgets',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    termId: uuid('term_id')
      .notNull()
      .references(() => terms.id),
    category: text('category', { enum: EXPENSE_CATEGORIES }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'bigint' }).notNull(),
    /** 80 or 100 once that alert went out; back to null when a change brings spending under it. */
    alertedPercent: integer('alerted_percent'),
    createdBy: uuid('created_by').references(() => users.id),
    updatedBy: uuid('updated_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('budgets_school_term_category_uq').on(t.schoolId, t.termId, t.category),
    check('budgets_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);
