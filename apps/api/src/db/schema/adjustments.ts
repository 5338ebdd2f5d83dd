import {
  ADJUSTMENT_BASES,
  ADJUSTMENT_KINDS,
  ADJUSTMENT_RULE_KINDS,
  ADJUSTMENT_RULE_STATUSES,
  ADJUSTMENT_STATUSES,
  FEE_TYPES,
  LATE_FEE_REPEATS,
} from '@schoolledger/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';
import { fees } from './fees.js';
import { groupSchools, schools } from './schools.js';
import { users } from './users.js';

/**
 * A rule of a school or of the whole group (school null) that makes adjustments by itself once a
 * second person has approved it: sibling discounts, staff-child discounts, named scholarships.
 */
export const adjustmentRules = pgTable(
  'adjustment_rules',
  {
    id: id(),
    groupSchoolId: uuid('group_school_id')
      .notNull()
      .references(() => groupSchools.id),
    schoolId: uuid('school_id').references(() => schools.id),
    kind: text('kind', { enum: ADJUSTMENT_RULE_KINDS }).notNull(),
    name: text('name').notNull(),
    feeTypes: text('fee_types', { enum: FEE_TYPES }).array().notNull(),
    secondPercentBp: integer('second_percent_bp'),
    laterPercentBp: integer('later_percent_bp'),
    basis: text('basis', { enum: ['fixed', 'percent'] }),
    amountKobo: bigint('amount_kobo', { mode: 'bigint' }),
    percentBp: integer('percent_bp'),
    isActive: boolean('is_active').notNull().default(true),
    status: text('status', { enum: ADJUSTMENT_RULE_STATUSES }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    createdBy: uuid('created_by').references(() => users.id),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [index('adjustment_rules_group_idx').on(t.groupSchoolId, t.status)],
);

/** The students who hold a named scholarship. */
export const adjustmentRuleStudents = pgTable(
  'adjustment_rule_students',
  {
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => adjustmentRules.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.ruleId, t.studentId] }),
    index('adjustment_rule_students_student_idx').on(t.studentId),
  ],
);

/** How late fees are charged: a school's default (fee null) or one fee's own. */
export const lateFeePolicies = pgTable(
  'late_fee_policies',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    feeId: uuid('fee_id').references(() => fees.id),
    basis: text('basis', { enum: ['fixed', 'percent'] }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'bigint' }),
    percentBp: integer('percent_bp'),
    graceDays: integer('grace_days').notNull(),
    repeat: text('repeat', { enum: LATE_FEE_REPEATS }).notNull(),
    capKobo: bigint('cap_kobo', { mode: 'bigint' }),
    isActive: boolean('is_active').notNull().default(true),
    updatedBy: uuid('updated_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('late_fee_policies_school_default_idx').on(t.schoolId).where(sql`${t.feeId} is null`),
    uniqueIndex('late_fee_policies_fee_idx').on(t.feeId).where(sql`${t.feeId} is not null`),
  ],
);

/**
 * A change to what one student is asked to pay on one fee: a discount, scholarship or waiver
 * lowers it, a late fee raises it. Only `approved` rows count (`owed` in the domain, `owedSql` in
 * SQL). A row is never deleted or edited into another amount: rejecting and reversing are states
 * with who, when and why, so the row is its own history.
 */
export const feeAdjustments = pgTable(
  'fee_adjustments',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    feeId: uuid('fee_id')
      .notNull()
      .references(() => fees.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ADJUSTMENT_KINDS }).notNull(),
    basis: text('basis', { enum: ADJUSTMENT_BASES }).notNull(),
    /** Positive kobo; its sign comes from the kind. Null only for a waiver of the balance until it is approved. */
    amountKobo: bigint('amount_kobo', { mode: 'bigint' }),
    percentBp: integer('percent_bp'),
    reason: text('reason').notNull(),
    /** A letter, award or form behind it: path under the private uploads folder, served only through an authorised route. */
    documentPath: text('document_path'),
    ruleId: uuid('rule_id').references(() => adjustmentRules.id),
    lateFeePolicyId: uuid('late_fee_policy_id').references(() => lateFeePolicies.id),
    /** Late fees: the 1st, 2nd… charge of a monthly policy, so the job charges each once. */
    period: integer('period'),
    status: text('status', { enum: ADJUSTMENT_STATUSES }).notNull().default('pending'),
    createdBy: uuid('created_by').references(() => users.id),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    reversedBy: uuid('reversed_by').references(() => users.id),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reversalReason: text('reversal_reason'),
    ...timestamps(),
  },
  (t) => [
    index('fee_adjustments_fee_student_idx').on(t.feeId, t.studentId, t.status),
    index('fee_adjustments_school_idx').on(t.schoolId, t.status, t.createdAt),
    index('fee_adjustments_student_idx').on(t.studentId),
    /** A rule adjusts a student's fee once; reversing it (an override) keeps the row, so it is not made again. */
    uniqueIndex('fee_adjustments_rule_idx').on(t.ruleId, t.feeId, t.studentId).where(sql`${t.ruleId} is not null`),
    /** Each late-fee charge of a fee and student is made once. */
    uniqueIndex('fee_adjustments_late_fee_idx').on(t.feeId, t.studentId, t.period).where(sql`${t.kind} = 'late_fee'`),
  ],
);
