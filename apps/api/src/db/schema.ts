import {
  ACADEMIC_STATUSES,
  DISCIPLINARY_CATEGORIES,
  FEE_EVENTS,
  FEE_STATUSES,
  FEE_TARGETS,
  FEE_TYPES,
  GENDERS,
  STUDENT_TYPES,
  USER_STATUSES,
} from '@schoolledger/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  inet,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

export const groupSchools = pgTable('group_schools', {
  id: id(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  logoUrl: text('logo_url'),
  ...timestamps(),
});

export const schools = pgTable(
  'schools',
  {
    id: id(),
    groupSchoolId: uuid('group_school_id')
      .notNull()
      .references(() => groupSchools.id),
    name: text('name').notNull(),
    email: text('email'),
    phoneNumber: text('phone_number').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [index('schools_group_idx').on(t.groupSchoolId)],
);

/** Every address belongs to one school: the school's own, or later a student's. */
export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    street: text('street').notNull(),
    streetNo: text('street_no').notNull(),
    town: text('town').notNull(),
    state: text('state').notNull(),
    country: text('country').notNull(),
    zipCode: text('zip_code').notNull(),
    isSchoolAddress: boolean('is_school_address').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    index('addresses_school_idx').on(t.schoolId),
    uniqueIndex('addresses_one_per_school').on(t.schoolId).where(sql`${t.isSchoolAddress}`),
  ],
);

export const academicSessions = pgTable(
  'academic_sessions',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('sessions_school_name_uq').on(t.schoolId, t.name)],
);

export const terms = pgTable(
  'terms',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => academicSessions.id),
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [index('terms_school_idx').on(t.schoolId), uniqueIndex('terms_session_name_uq').on(t.sessionId, t.name)],
);

export const classArms = pgTable(
  'class_arms',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    name: text('name').notNull(),
    capacity: integer('capacity').notNull().default(40),
    ...timestamps(),
  },
  (t) => [uniqueIndex('class_arms_school_name_uq').on(t.schoolId, t.name)],
);

/**
 * The text a person is found by: "first middle last", "first last", email and registration
 * number, so a full name typed with or without the middle name matches. Built from immutable
 * operators only, so the trigram index `users_search_trgm` can hold it.
 */
export function personSearchText(t: {
  firstname: AnyPgColumn;
  middlename: AnyPgColumn;
  lastname: AnyPgColumn;
  email: AnyPgColumn;
  regNo: AnyPgColumn;
}) {
  return sql`(${t.firstname} || ' ' || coalesce(${t.middlename} || ' ', '') || ${t.lastname} || ' | ' || ${t.firstname} || ' ' || ${t.lastname} || ' | ' || ${t.email} || ' | ' || coalesce(${t.regNo}, ''))`;
}

export const users = pgTable(
  'users',
  {
    id: id(),
    schoolId: uuid('school_id').references(() => schools.id),
    classArmId: uuid('class_arm_id').references(() => classArms.id),
    firstname: text('firstname').notNull(),
    middlename: text('middlename'),
    lastname: text('lastname').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    address: text('address'),
    profilePicture: text('profile_picture'),
    regNo: text('reg_no'),
    roles: text('roles').array().notNull(),
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    /**
     * Null until a student imported or enrolled by staff first signs in: their initial password is
     * derived from their first name and registration number (SPEC §9), which hashing would not
     * make any more secret, and they must replace it at that first sign-in.
     */
    passwordHash: text('password_hash'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    /** Users are never removed: payments and audit rows keep pointing at them. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_school_reg_no_uq')
      .on(t.schoolId, sql`lower(${t.regNo})`)
      .where(sql`${t.regNo} is not null and ${t.deletedAt} is null`),
    index('users_school_idx').on(t.schoolId),
    index('users_class_arm_idx').on(t.classArmId),
    index('users_search_trgm').using('gin', sql`${personSearchText(t)} gin_trgm_ops`),
    // Lists are ordered by name: walking this index avoids sorting every matching user per page.
    index('users_name_idx').on(t.lastname, t.firstname, t.id).where(sql`${t.deletedAt} is null`),
    index('users_roles_idx').using('gin', t.roles),
  ],
);

/** What a student has beyond a user account (SPEC §3 Student). */
export const studentProfiles = pgTable(
  'student_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    dob: date('dob', { mode: 'string' }),
    gender: text('gender', { enum: GENDERS }),
    type: text('type', { enum: STUDENT_TYPES }).notNull().default('day'),
    academicStatus: text('academic_status', { enum: ACADEMIC_STATUSES }).notNull().default('active'),
    expectedGraduationYear: integer('expected_graduation_year'),
    previousSchool: text('previous_school'),
    /** Grade point average out of 4.00, kept exact. */
    currentGpa: numeric('current_gpa', { precision: 3, scale: 2 }),
    street: text('street'),
    city: text('city'),
    state: text('state'),
    country: text('country'),
    postalCode: text('postal_code'),
    guardian: jsonb('guardian'),
    emergencyContact: jsonb('emergency_contact'),
    enrolledAt: date('enrolled_at', { mode: 'string' }).notNull().default(sql`current_date`),
    ...timestamps(),
  },
  (t) => [
    index('student_profiles_school_idx').on(t.schoolId, t.academicStatus),
    index('student_profiles_enrolled_idx').on(t.schoolId, t.enrolledAt),
  ],
);

/** A parent account linked to each of their children, who may attend different schools of the group. */
export const parentStudents = pgTable(
  'parent_students',
  {
    parentId: uuid('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.parentId, t.studentId] }), index('parent_students_student_idx').on(t.studentId)],
);

export const studentDisciplinaryRecords = pgTable(
  'student_disciplinary_records',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    date: date('date', { mode: 'string' }).notNull(),
    category: text('category', { enum: DISCIPLINARY_CATEGORIES }).notNull(),
    description: text('description').notNull(),
    actionTaken: text('action_taken'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('student_disciplinary_records_student_idx').on(t.studentId, t.date)],
);

/** Opaque refresh tokens, stored as SHA-256 hashes; a family is one sign-in's chain of rotations. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    rememberMe: boolean('remember_me').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every sign-in attempt, kept for the security audit screens. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: id(),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    schoolId: uuid('school_id').references(() => schools.id),
    success: boolean('success').notNull(),
    reason: text('reason'),
    ip: inet('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_school_idx').on(t.schoolId, t.createdAt)],
);

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: id(),
    schoolId: uuid('school_id'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: uuid('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: inet('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_logs_school_idx').on(t.schoolId, t.createdAt)],
);

/** Outgoing email. With no SMTP server configured, messages wait here for an admin to read. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    schoolId: uuid('school_id'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Carries a credential (a password-reset link): only the super-admin may read it here. */
    sensitive: boolean('sensitive').notNull().default(false),
    /**
     * queued: not tried yet; retrying: failed, tried again at `next_attempt_at`; sent; failed: gave
     * up after the last retry; stored: no SMTP server configured, kept for an administrator to read.
     */
    status: text('status', { enum: ['queued', 'retrying', 'sent', 'failed', 'stored'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When a pass may (re)send it; while a send is under way, the end of that send's claim. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_outbox_status_idx').on(t.status, t.createdAt),
    index('email_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('queued', 'retrying')`),
  ],
);

export const fees = pgTable(
  'fees',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    termId: uuid('term_id')
      .notNull()
      .references(() => terms.id),
    name: text('name').notNull(),
    description: text('description').notNull(),
    type: text('type', { enum: FEE_TYPES }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'bigint' }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isInstallmentAllowed: boolean('is_installment_allowed').notNull().default(false),
    installments: integer('installments').notNull().default(1),
    dueDate: date('due_date', { mode: 'string' }),
    /** Who owes it: every student of the school, the students of chosen class arms, or chosen students. */
    appliesTo: text('applies_to', { enum: FEE_TARGETS }).notNull().default('school'),
    status: text('status', { enum: FEE_STATUSES }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    createdBy: uuid('created_by').references(() => users.id),
    updatedBy: uuid('updated_by').references(() => users.id),
    approvedBy: uuid('approved_by').references(() => users.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [index('fees_school_term_idx').on(t.schoolId, t.termId, t.status)],
);

export const feeClassArms = pgTable(
  'fee_class_arms',
  {
    feeId: uuid('fee_id')
      .notNull()
      .references(() => fees.id, { onDelete: 'cascade' }),
    classArmId: uuid('class_arm_id')
      .notNull()
      .references(() => classArms.id),
  },
  (t) => [primaryKey({ columns: [t.feeId, t.classArmId] }), index('fee_class_arms_arm_idx').on(t.classArmId)],
);

export const feeStudents = pgTable(
  'fee_students',
  {
    feeId: uuid('fee_id')
      .notNull()
      .references(() => fees.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.feeId, t.studentId] }), index('fee_students_student_idx').on(t.studentId)],
);

/** The history of a fee: created, edited (with old and new values), approved, rejected, sent back. */
export const feeEvents = pgTable(
  'fee_events',
  {
    id: id(),
    feeId: uuid('fee_id')
      .notNull()
      .references(() => fees.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: FEE_EVENTS }).notNull(),
    reason: text('reason'),
    changes: jsonb('changes').notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fee_events_fee_idx').on(t.feeId, t.createdAt)],
);

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
    /** `review`: the provider's answer did not match (amount, currency, reference); never credited automatically. */
    status: text('status', { enum: ['pending', 'success', 'failed', 'review'] })
      .notNull()
      .default('pending'),
    method: text('method', { enum: ['paystack', 'flutterwave', 'bank_transfer', 'cash'] }).notNull(),
    /**
     * `refund`: a compensating entry for the payment in `refundOf`, same amount (positive kobo),
     * subtracted wherever money paid is summed. The original row is never changed.
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
    /** `RCP-<year>-<6 digits>`, sequential per school, given in the transaction that credits the payment. */
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
  },
  (t) => [
    /** A payment is refunded at most once. */
    uniqueIndex('payments_refund_of_idx').on(t.refundOf),
    index('payments_school_method_status_idx').on(t.schoolId, t.method, t.status, t.createdAt),
    index('payments_student_idx').on(t.studentId, t.createdAt),
    index('payments_fee_student_idx').on(t.feeId, t.studentId, t.status),
    uniqueIndex('payments_school_receipt_idx').on(t.schoolId, t.receiptNo),
    uniqueIndex('payments_school_idempotency_idx').on(t.schoolId, t.idempotencyKey),
    index('payments_school_idx').on(t.schoolId, t.createdAt),
    index('payments_pending_idx').on(t.status, t.createdAt),
    /** One provider transaction credits one payment. */
    uniqueIndex('payments_provider_id_idx').on(t.method, t.providerId),
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
 * One school's payment settings (SPEC §3 payment profile). Secret keys and the Flutterwave
 * webhook hash are stored encrypted (`lib/secrets.ts`, AES-256-GCM) and never returned.
 */
export const paymentProfiles = pgTable('payment_profiles', {
  id: id(),
  schoolId: uuid('school_id')
    .notNull()
    .unique()
    .references(() => schools.id),
  psPublicKey: text('ps_public_key'),
  psSecretKeyEnc: text('ps_secret_key_enc'),
  activatePs: boolean('activate_ps').notNull().default(false),
  fwPublicKey: text('fw_public_key'),
  fwSecretKeyEnc: text('fw_secret_key_enc'),
  /** What Flutterwave sends back in `verif-hash`: set by the school in its Flutterwave dashboard. */
  fwSecretHashEnc: text('fw_secret_hash_enc'),
  activateFw: boolean('activate_fw').notNull().default(false),
  activateBankTransfer: boolean('activate_bank_transfer').notNull().default(false),
  activateCash: boolean('activate_cash').notNull().default(true),
  accountNo: text('account_no'),
  accountName: text('account_name'),
  bankName: text('bank_name'),
  defaultPaymentMethod: text('default_payment_method', {
    enum: ['paystack', 'flutterwave', 'bank_transfer', 'cash'],
  })
    .notNull()
    .default('cash'),
  enableInstallments: boolean('enable_installments').notNull().default(false),
  minimumInstallmentKobo: bigint('minimum_installment_kobo', { mode: 'bigint' }).notNull().default(sql`100000`),
  updatedBy: uuid('updated_by').references(() => users.id),
  ...timestamps(),
});
