import { FEE_EVENTS, FEE_STATUSES, FEE_TARGETS, FEE_TYPES } from '@schoolledger/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { classArms, terms } from './academic.js';
import { id, timestamps } from './columns.js';
import { schools } from './schools.js';
import { users } from './users.js';

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
    /** The fee's school. */
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
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
    /** The fee's school. */
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
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
