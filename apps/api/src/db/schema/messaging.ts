import { EMAIL_TEMPLATE_IDS, OUTBOX_CHANNELS, OUTBOX_MESSAGE_STATUSES } from '@schoolledger/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { id } from './columns.js';
import { groupSchools, schools } from './schools.js';
import { users } from './users.js';

/** A code sent to a phone a person says is theirs; the phone is theirs once they type it back. */
export const phoneVerifications = pgTable('phone_verifications', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A person's agreement to messages on one channel at one number: the words they saw, when, how
 * and who recorded it. Withdrawn rows stay, as the record of what was agreed and when it ended.
 */
export const messageConsents = pgTable(
  'message_consents',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['sms', 'whatsapp'] }).notNull(),
    phone: text('phone').notNull(),
    wording: text('wording').notNull(),
    method: text('method', { enum: ['web', 'in_person', 'paper'] }).notNull(),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    optedInAt: timestamp('opted_in_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnHow: text('withdrawn_how', { enum: ['web', 'reply', 'staff', 'phone_changed', 'erased'] }),
  },
  (t) => [
    uniqueIndex('message_consents_live_uq').on(t.userId, t.channel).where(sql`${t.withdrawnAt} is null`),
    index('message_consents_phone_idx').on(t.phone).where(sql`${t.withdrawnAt} is null`),
  ],
);

/** A school's choice of channels per kind of notice, its quiet hours, budgets and SMS sender ID. */
export const schoolMessagingSettings = pgTable('school_messaging_settings', {
  schoolId: uuid('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What a school's messages on a channel cost in a Lagos month, counted as each is sent. */
export const messageSpend = pgTable(
  'message_spend',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['sms', 'whatsapp'] }).notNull(),
    month: text('month').notNull(),
    spentKobo: bigint('spent_kobo', { mode: 'bigint' }).notNull().default(0n),
    messages: integer('messages').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.channel, t.month] })],
);

export const MESSAGE_STATUSES = [
  'queued',
  'held',
  'sending',
  'sent',
  'delivered',
  'read',
  'failed',
  'skipped',
] as const;

/**
 * The notices' outbox: every email, SMS and WhatsApp message of a notice, one row per person,
 * notice and channel (`notice_key` names the notice: a payment's receipt, a day's reminder), so a
 * retry or a fallback never sends it twice. (Mail that is no notice, such as a password-reset link
 * or a report, waits in email_outbox.)
 * queued: due at `next_attempt_at`; held: waiting for quiet hours to end; sending: claimed by a
 * sender until `next_attempt_at`; interrupted: its sender stopped mid-send, so whether the provider
 * took it is unknown until a report says (sent once more only if none came by `next_attempt_at`);
 * sent / delivered / read: the furthest the provider reported;
 * failed: the provider or the last retry gave up; skipped: not sent (budget spent, consent
 * withdrawn before it went).
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: id(),
    schoolId: uuid('school_id').references(() => schools.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull(),
    kind: text('kind').notNull(),
    noticeKey: text('notice_key').notNull(),
    /** The number in 234… form, or for an email the address. */
    toAddress: text('to_address').notNull(),
    /** The SMS text; for WhatsApp, the template's words as the person reads them; for an email, its text. */
    body: text('body').notNull(),
    /** An email's subject and its HTML (null for SMS and WhatsApp). */
    subject: text('subject'),
    html: text('html'),
    /** The email template it was rendered from (statistics per template). */
    emailTemplateId: text('email_template_id', { enum: EMAIL_TEMPLATE_IDS }),
    /** WhatsApp: the approved template's name, language, body parameters and document header. */
    template: jsonb('template'),
    /** WhatsApp: the SMS sent instead when WhatsApp cannot deliver and the person allows SMS. */
    fallbackBody: text('fallback_body'),
    /** Opens the receipt of `payment_id` from the message (/m/:token), without signing in. */
    linkToken: text('link_token'),
    paymentId: uuid('payment_id'),
    status: text('status', { enum: OUTBOX_MESSAGE_STATUSES }).notNull().default('queued'),
    statusReason: text('status_reason'),
    errorCode: text('error_code'),
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    pages: integer('pages'),
    estimatedCostKobo: bigint('estimated_cost_kobo', { mode: 'bigint' }).notNull().default(0n),
    costKobo: bigint('cost_kobo', { mode: 'bigint' }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('message_outbox_once_uq').on(t.userId, t.noticeKey, t.channel),
    index('message_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'held', 'sending', 'interrupted')`),
    index('message_outbox_interrupted_idx').on(t.toAddress).where(sql`${t.status} = 'interrupted'`),
    uniqueIndex('message_outbox_provider_uq')
      .on(t.provider, t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    index('message_outbox_school_idx').on(t.schoolId, t.createdAt),
    index('message_outbox_link_idx').on(t.linkToken).where(sql`${t.linkToken} is not null`),
  ],
);

/** A provider's report that overtook the answer to its send: applied once the sender records the provider's id. */
export const messageReportBacklog = pgTable(
  'message_report_backlog',
  {
    id: id(),
    provider: text('provider').notNull(),
    providerMessageId: text('provider_message_id').notNull(),
    report: jsonb('report').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_report_backlog_message_idx').on(t.provider, t.providerMessageId)],
);

/**
 * A school group's own Termii and WhatsApp accounts: with the keys of a channel saved, the group's
 * messages on it go through its account instead of the server's. Secrets are encrypted
 * (lib/secrets.ts encryptSecret) and never leave the server; null: not saved.
 */
export const messagingAccounts = pgTable('messaging_accounts', {
  groupSchoolId: uuid('group_school_id')
    .primaryKey()
    .references(() => groupSchools.id, { onDelete: 'cascade' }),
  termiiApiKeyEnc: text('termii_api_key_enc'),
  termiiSecretKeyEnc: text('termii_secret_key_enc'),
  /** The sender ID registered on the group's Termii account; null: the server's (TERMII_SENDER_ID). */
  termiiSenderId: text('termii_sender_id'),
  whatsappTokenEnc: text('whatsapp_token_enc'),
  whatsappPhoneNumberId: text('whatsapp_phone_number_id'),
  whatsappAppSecretEnc: text('whatsapp_app_secret_enc'),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
