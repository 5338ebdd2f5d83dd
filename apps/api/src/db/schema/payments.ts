import { CREDIT_PAYBACK_STATUSES } from '@schoolledger/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import { terms } from './academic.js';
import { id, timestamps } from './columns.js';
import { fees } from './fees.js';
import { schools } from './schools.js';
import { tillSessions } from './tills.js';
import { users } from './users.js';

/**
 * Money received or claimed against a fee. A row is never edited into another amount: a
 * correction is a new row. The payments issue builds the crediting on this table.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    feeId: uuid('fee_id')
      .notNull()
      .references(() => fees.id),
    amountKobo: bigint('amount_kobo', { mode: 'bigint' }).notNull(),
    /** The family checkout this payment is one line of: one provider transaction pays every line. */
    checkoutId: uuid('checkout_id').references((): AnyPgColumn => paymentCheckouts.id),
    /** `review`: the provider's answer did not match (amount, currency, reference); never credited automatically. */
    status: text('status', { enum: ['pending', 'success', 'failed', 'review'] })
      .notNull()
      .default('pending'),
    /** `credit`: paid from the family's credit (family_credit_entries), money that came in once before. */
    method: text('method', { enum: ['paystack', 'flutterwave', 'bank_transfer', 'cash', 'credit'] }).notNull(),
    /**
     * `refund`: a compensating entry for the payment in `refundOf`, same amount (positive kobo),
     * subtracted wherever money paid is summed. The original row is never changed. An online
     * refund is `pending` until the provider reports it processed (`success`) or `failed`.
     */
    kind: text('kind', { enum: ['payment', 'refund'] })
      .notNull()
      .default('payment'),
    refundOf: uuid('refund_of').references((): AnyPgColumn => payments.id),
    /** Why a refund was made, or why a bursar rejected a bank transfer claim. */
    reason: text('reason'),
    /** Ours, unique, sent to the provider as its reference (Paystack) or tx_ref (Flutterwave). */
    reference: text('reference').notNull().unique(),
    currency: text('currency').notNull().default('NGN'),
    isInstallment: boolean('is_installment').notNull().default(false),
    /** The provider's hosted checkout for this attempt (one-time use). */
    paymentUrl: text('payment_url'),
    /** What the provider calls it, once verified: its reference and its transaction id. */
    providerReference: text('provider_reference'),
    providerId: text('provider_id'),
    channel: text('channel'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    initiatedBy: uuid('initiated_by').references(() => users.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * `<school's receipt code>-<year>-<6 digits>` (`RCP-` before schools had codes), sequential per
     * school, given in the transaction that credits the payment.
     */
    receiptNo: text('receipt_no'),
    /** The client's Idempotency-Key for payments recorded at a desk (cash): a retry returns the same row. */
    idempotencyKey: uuid('idempotency_key'),
    notes: text('notes'),
    /** A bank transfer the payer says they made: their bank's reference, the day, an optional proof image. */
    payerBankReference: text('payer_bank_reference'),
    transferDate: date('transfer_date', { mode: 'string' }),
    /** Path under the private uploads folder; served only through an authorised route. */
    proofPath: text('proof_path'),
    /** Who confirmed or rejected a bank transfer claim, or recorded a refund, and when. */
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    ...timestamps(),
    /**
     * The till cash was taken into (its bursar's open till at the school), or a cash refund paid out
     * of while that till was still open; set by the database as the row is written (migration 0038).
     */
    tillSessionId: uuid('till_session_id').references((): AnyPgColumn => tillSessions.id),
  },
  (t) => [
    /** A payment is refunded at most once; a refund the provider failed leaves room for another. */
    uniqueIndex('payments_refund_of_idx').on(t.refundOf).where(sql`${t.status} <> 'failed'`),
    index('payments_school_method_status_idx').on(t.schoolId, t.method, t.status, t.createdAt),
    index('payments_student_idx').on(t.studentId, t.createdAt),
    index('payments_fee_student_idx').on(t.feeId, t.studentId, t.status),
    uniqueIndex('payments_school_receipt_idx').on(t.schoolId, t.receiptNo),
    uniqueIndex('payments_school_idempotency_idx').on(t.schoolId, t.idempotencyKey),
    /**
     * A school's payments newest first, ending on the id: the payment lists' sort key, so a page
     * read from a cursor is one range of this index.
     */
    index('payments_school_idx').on(t.schoolId, t.createdAt, t.id),
    index('payments_pending_idx').on(t.status, t.createdAt),
    /** One provider transaction credits one payment. */
    uniqueIndex('payments_provider_id_idx').on(t.method, t.providerId),
    index('payments_checkout_idx').on(t.checkoutId),
    index('payments_till_session_idx').on(t.tillSessionId).where(sql`${t.tillSessionId} is not null`),
  ],
);

/** The last receipt number given per school; bumped with `update ... returning` inside the crediting transaction. */
export const schoolReceiptCounters = pgTable('school_receipt_counters', {
  schoolId: uuid('school_id')
    .primaryKey()
    .references(() => schools.id),
  lastNo: bigint('last_no', { mode: 'number' }).notNull().default(0),
  ...timestamps(),
});

/**
 * Every verified webhook delivery, deduplicated: Paystack has no event id, so the key is
 * `paystack:<event>:<data.id>`. A replay finds its key and is not processed again.
 */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    id: id(),
    /** The school of the payment it names; null when the reference is none of ours. */
    schoolId: uuid('school_id').references(() => schools.id),
    provider: text('provider', { enum: ['paystack', 'flutterwave'] }).notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    event: text('event').notNull(),
    reference: text('reference'),
    payload: jsonb('payload').notNull(),
    deliveries: integer('deliveries').notNull().default(1),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_webhook_events_dedupe_idx').on(t.provider, t.dedupeKey),
    index('payment_webhook_events_reference_idx').on(t.reference),
  ],
);

/** Payments whose verification did not match what we expected: a person decides, nothing is credited. */
export const paymentReviews = pgTable(
  'payment_reviews',
  {
    id: id(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    reason: text('reason').notNull(),
    expectedKobo: bigint('expected_kobo', { mode: 'bigint' }).notNull(),
    reportedKobo: bigint('reported_kobo', { mode: 'bigint' }),
    currency: text('currency'),
    providerStatus: text('provider_status'),
    details: jsonb('details'),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_reviews_payment_idx').on(t.paymentId),
    index('payment_reviews_school_idx').on(t.schoolId, t.status),
  ],
);

/**
 * A payer's dispute (chargeback) of an online payment, as the provider reported it: open while
 * the provider asks the school for evidence, then won or lost. A lost dispute is a compensating
 * refund row in `payments` (`refundId`).
 */
export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    provider: text('provider', { enum: ['paystack', 'flutterwave'] }).notNull(),
    providerDisputeId: text('provider_dispute_id').notNull(),
    status: text('status', { enum: ['open', 'won', 'lost'] })
      .notNull()
      .default('open'),
    /** The provider's own word for how it ended (Paystack `resolution`). */
    resolution: text('resolution'),
    refundId: uuid('refund_id').references(() => payments.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('payment_disputes_provider_idx').on(t.provider, t.providerDisputeId),
    index('payment_disputes_school_idx').on(t.schoolId, t.status),
    index('payment_disputes_payment_idx').on(t.paymentId),
  ],
);

/**
 * Money credited per school, Lagos calendar day and method, net of refunds: what the dashboards'
 * trends, today's revenue and method mix read instead of a million payment rows. Kept by the
 * `payments_collect` trigger in the transaction that credits or refunds, so it is never stale.
 */
export const dailyCollections = pgTable(
  'daily_collections',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    day: date('day', { mode: 'string' }).notNull(),
    method: text('method', { enum: ['paystack', 'flutterwave', 'bank_transfer', 'cash', 'credit'] }).notNull(),
    /** Successful payments (refunds are not counted, only subtracted from the amount). */
    payments: integer('payments').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.day, t.method] }), index('daily_collections_day_idx').on(t.day)],
);

/**
 * Payments made per school, Lagos day of their creation and status, with their amounts: the
 * Financial Overview's status breakdown over a year without reading a year of payments. Kept by
 * the `payments_collect` trigger as a payment is made and as its status changes. Only payments that
 * happened: the SQL function `payment_happened` (migration 0025) applies `paymentsThatHappened`.
 */
export const dailyPaymentStatuses = pgTable(
  'daily_payment_statuses',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['pending', 'success', 'failed', 'review'] }).notNull(),
    payments: integer('payments').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.day, t.status] }), index('daily_payment_statuses_day_idx').on(t.day)],
);

/**
 * What each student has paid on each fee, net of refunds: the term figures (expected, collected,
 * outstanding, debtors) read this beside the students a fee applies to. Kept by the same trigger.
 */
export const feeStudentPaid = pgTable(
  'fee_student_paid',
  {
    feeId: uuid('fee_id')
      .notNull()
      .references(() => fees.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    paidKobo: bigint('paid_kobo', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.feeId, t.studentId] }), index('fee_student_paid_student_idx').on(t.studentId)],
);

/**
 * Each active student's position on each term: the payable fees of the term that apply to them,
 * what those ask, what the student has paid on them (net of refunds) and what is left, counted per
 * fee and never below zero. The group's term figures read these rows instead of walking every
 * student and fee. Kept by triggers in the same transaction as whatever changes the position: a
 * payment or refund, a fee's amount, approval or targets, a student's class arm, status or school.
 */
export const studentTermBalances = pgTable(
  'student_term_balances',
  {
    termId: uuid('term_id')
      .notNull()
      .references(() => terms.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    classArmId: uuid('class_arm_id'),
    /** How many payable fees of the term apply to the student. */
    fees: integer('fees').notNull(),
    expectedKobo: bigint('expected_kobo', { mode: 'bigint' }).notNull(),
    paidKobo: bigint('paid_kobo', { mode: 'bigint' }).notNull(),
    outstandingKobo: bigint('outstanding_kobo', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.termId, t.studentId] }), index('student_term_balances_student_idx').on(t.studentId)],
);

/**
 * One provider transaction that pays several fees, of one or more children (issue 16): the
 * provider knows only this reference and the total; each fee is a `payments` row with
 * `checkout_id`, credited together exactly once when the provider confirms the total.
 */
export const paymentCheckouts = pgTable(
  'payment_checkouts',
  {
    id: id(),
    /** Ours, unique, sent to the provider as its reference (Paystack) or tx_ref (Flutterwave). */
    reference: text('reference').notNull().unique(),
    groupSchoolId: uuid('group_school_id').notNull(),
    /** The school whose payment profile takes the money. */
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    payerId: uuid('payer_id')
      .notNull()
      .references(() => users.id),
    method: text('method', { enum: ['paystack', 'flutterwave'] }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull().default('NGN'),
    status: text('status', { enum: ['pending', 'success', 'failed', 'review'] })
      .notNull()
      .default('pending'),
    paymentUrl: text('payment_url'),
    providerReference: text('provider_reference'),
    providerId: text('provider_id'),
    channel: text('channel'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('payment_checkouts_payer_idx').on(t.payerId, t.createdAt),
    index('payment_checkouts_pending_idx').on(t.status, t.createdAt),
  ],
);

export const FAMILY_CREDIT_KINDS = [
  /** Money received above what was owed: an online overpayment or a confirmed transfer larger than the fee. */
  'overpayment',
  /** A refund the school made to credit rather than to the payer. */
  'refund_to_credit',
  /** Credit used to pay a fee (negative). */
  'applied',
  /** Credit paid back to the payer (negative), with a reason. */
  'refunded',
] as const;

/**
 * A family's credit, as an append-only ledger: each row adds (positive) or uses (negative) kobo;
 * the balance is the sum of the rows (`family_credit_balances` keeps it and refuses to go below
 * zero). The family is the parent account; `school_id` is where the money came from or went.
 */
export const familyCreditEntries = pgTable(
  'family_credit_entries',
  {
    id: id(),
    groupSchoolId: uuid('group_school_id').notNull(),
    parentId: uuid('parent_id')
      .notNull()
      .references(() => users.id),
    schoolId: uuid('school_id').references(() => schools.id),
    amountKobo: bigint('amount_kobo', { mode: 'bigint' }).notNull(),
    kind: text('kind', { enum: FAMILY_CREDIT_KINDS }).notNull(),
    /** The payment that brought the money in, or that the credit paid. */
    paymentId: uuid('payment_id').references((): AnyPgColumn => payments.id),
    reason: text('reason'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('family_credit_entries_parent_idx').on(t.parentId, t.createdAt),
    index('family_credit_entries_payment_idx').on(t.paymentId),
  ],
);

/**
 * Credit to be paid back to a family from the school's own bank: asked for by one person, approved
 * or rejected by another (the database refuses the same person), and only when approved does the
 * ledger's negative entry (`entry_id`) take it from the family's credit.
 */
export const familyCreditPaybacks = pgTable(
  'family_credit_paybacks',
  {
    id: id(),
    parentId: uuid('parent_id')
      .notNull()
      .references(() => users.id),
    /** The school that pays the money back. */
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    amountKobo: bigint('amount_kobo', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: CREDIT_PAYBACK_STATUSES }).notNull().default('pending'),
    requestedBy: uuid('requested_by').references(() => users.id),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    entryId: uuid('entry_id').references(() => familyCreditEntries.id),
    ...timestamps(),
  },
  (t) => [
    index('family_credit_paybacks_school_status_idx').on(t.schoolId, t.status, t.createdAt),
    index('family_credit_paybacks_parent_idx').on(t.parentId, t.createdAt),
    check('family_credit_paybacks_amount_positive', sql`${t.amountKobo} > 0`),
    check(
      'family_credit_paybacks_four_eyes',
      sql`${t.decidedBy} is null or ${t.requestedBy} is null or ${t.decidedBy} <> ${t.requestedBy}`,
    ),
    check('family_credit_paybacks_entry_when_approved', sql`(${t.status} = 'approved') = (${t.entryId} is not null)`),
  ],
);

/** Each family's credit: the sum of its entries, kept by trigger; never below zero. */
export const familyCreditBalances = pgTable('family_credit_balances', {
  parentId: uuid('parent_id')
    .primaryKey()
    .references(() => users.id),
  balanceKobo: bigint('balance_kobo', { mode: 'bigint' }).notNull(),
});
