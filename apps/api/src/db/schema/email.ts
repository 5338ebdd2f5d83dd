import { EMAIL_TEMPLATE_IDS } from '@schoolledger/domain';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';
import { reportRuns } from './reports.js';
import { groupSchools } from './schools.js';
import { users } from './users.js';

/** Outgoing email. With no SMTP server configured, messages wait here for an admin to read. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    schoolId: uuid('school_id'),
    /** Whose SMTP settings send it; null: the server's own (SMTP_URL). */
    groupSchoolId: uuid('group_school_id'),
    /** The SPEC template it was rendered from, if any (statistics per template). */
    templateId: text('template_id', { enum: EMAIL_TEMPLATE_IDS }),
    priority: text('priority', { enum: ['high', 'normal'] })
      .notNull()
      .default('normal'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Carries a credential (a password-reset link): only the super-admin may read it here. */
    sensitive: boolean('sensitive').notNull().default(false),
    /** Who wrote it by hand (POST /email/send); null for the app's own notices, which the hourly cap leaves alone. */
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    /** A generated report sent with it as an attachment (a scheduled or emailed report). */
    reportRunId: uuid('report_run_id').references(() => reportRuns.id, { onDelete: 'set null' }),
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
    index('email_outbox_hand_written_idx').on(t.schoolId, t.createdAt).where(sql`${t.sentBy} is not null`),
    index('email_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('queued', 'retrying')`),
  ],
);

/** A school group's own SMTP server (SPEC §5 email config); the password is stored encrypted and never returned. */
export const emailSettings = pgTable('email_settings', {
  groupSchoolId: uuid('group_school_id')
    .primaryKey()
    .references(() => groupSchools.id, { onDelete: 'cascade' }),
  host: text('host').notNull(),
  port: integer('port').notNull(),
  secure: boolean('secure').notNull().default(false),
  authUser: text('auth_user').notNull(),
  authPassEnc: text('auth_pass_enc').notNull(),
  fromName: text('from_name').notNull(),
  fromEmail: text('from_email').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id),
  ...timestamps(),
});

/** A group's own wording of one SPEC template; a template with no row uses the built-in one. */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: id(),
    groupSchoolId: uuid('group_school_id')
      .notNull()
      .references(() => groupSchools.id, { onDelete: 'cascade' }),
    templateId: text('template_id', { enum: EMAIL_TEMPLATE_IDS }).notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [uniqueIndex('email_templates_group_template_uq').on(t.groupSchoolId, t.templateId)],
);
