import { NOTIFICATION_KINDS, NOTIFICATION_TYPES, REMINDER_STAGES } from '@schoolledger/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  jsonb,
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
 * One notice to one person (SPEC §5 Notification). `seq` orders a person's notices and is the
 * SSE event id, so a browser that reconnects with Last-Event-ID is sent exactly what it missed.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The recipient's school when the notice is about one; null for group-wide or account notices. */
    schoolId: uuid('school_id').references(() => schools.id),
    /** What happened (preferences are kept per kind); `type` is how it is shown. */
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    actionUrl: text('action_url'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_seq_idx').on(t.userId, t.seq),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/** A person's choice per kind and channel; a kind with no row uses the defaults (everything on). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    inApp: boolean('in_app').notNull().default(true),
    email: boolean('email').notNull().default(true),
    /** By SMS and by WhatsApp, for the kinds phones carry: null is yes, where they agreed to the channel. */
    sms: boolean('sms'),
    whatsapp: boolean('whatsapp'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * A payment reminder about one fee of one student to one person (the student or a parent), SPEC
 * §5 payment reminder. Automatic stages are sent at most once per fee, student, person and stage
 * (the unique index); a bursar's manual reminder may be repeated.
 */
export const paymentReminders = pgTable(
  'payment_reminders',
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
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id),
    stage: text('stage', { enum: REMINDER_STAGES }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** What was outstanding when the reminder was made. */
    outstandingKobo: bigint('outstanding_kobo', { mode: 'bigint' }).notNull(),
    sent: boolean('sent').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    notificationId: uuid('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_reminders_once_uq')
      .on(t.feeId, t.studentId, t.recipientId, t.stage)
      .where(sql`${t.stage} <> 'manual'`),
    index('payment_reminders_school_idx').on(t.schoolId, t.createdAt),
  ],
);

/** Which automatic reminder stages a school sends; a school with no row sends all of them. */
export const schoolReminderSettings = pgTable('school_reminder_settings', {
  schoolId: uuid('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  dueSoon: boolean('due_soon').notNull().default(true),
  urgent: boolean('urgent').notNull().default(true),
  overdue: boolean('overdue').notNull().default(true),
  updatedBy: uuid('updated_by').references(() => users.id),
  ...timestamps(),
});
