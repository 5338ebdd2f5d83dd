import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.js';

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
