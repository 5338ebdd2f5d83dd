import { PAYMENT_VOID_STATUSES } from '@schoolledger/domain';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.js';
import { payments } from './payments.js';
import { schools } from './schools.js';
import { tillSessions } from './tills.js';
import { users } from './users.js';

/**
 * A void of cash taken into a till by mistake (migration 0039): asked by the till's bursar with a
 * reason, approved or rejected by a second person. Approved, it is paid back by the compensating
 * refund row `refundPaymentId` out of the same till; the payment keeps its receipt number.
 */
export const paymentVoids = pgTable(
  'payment_voids',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    tillSessionId: uuid('till_session_id')
      .notNull()
      .references(() => tillSessions.id),
    reason: text('reason').notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: PAYMENT_VOID_STATUSES }).notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    refundPaymentId: uuid('refund_payment_id').references(() => payments.id),
  },
  (t) => [
    uniqueIndex('payment_voids_one_uq').on(t.paymentId).where(sql`${t.status} <> 'rejected'`),
    index('payment_voids_till_idx').on(t.tillSessionId),
    index('payment_voids_pending_idx').on(t.schoolId, t.requestedAt).where(sql`${t.status} = 'pending'`),
  ],
);
