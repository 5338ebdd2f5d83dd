import { z } from 'zod';
import { MESSAGE_CHANNELS, MESSAGE_NOTICE_KINDS, OUTBOX_CHANNELS, type QuietHours } from '../messaging.js';
import { normaliseNigerianPhone } from '../phones.js';
import { idSchema, requiredText, timestampSchema } from './common.js';
import { nairaAmount } from './money.js';
import { NOTIFICATION_KINDS } from './notifications.js';

const channelSchema = z.enum(MESSAGE_CHANNELS, { error: 'Choose SMS or WhatsApp' });

const QUIET_HOURS_BOTH = 'Quiet hours need a start and an end';
const timeOfDay = z
  .string({ error: QUIET_HOURS_BOTH })
  .refine((time) => time !== '', { message: QUIET_HOURS_BOTH, abort: true })
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'Use a time such as 20:00 (24-hour clock)');

/** null: no quiet hours. A window that ends when it starts would be none too, so it is refused. */
const quietHoursSchema = z
  .object({ start: timeOfDay, end: timeOfDay }, { error: QUIET_HOURS_BOTH })
  .refine((quiet) => quiet.start !== quiet.end, {
    message: 'Quiet hours must end at another time than they start; to have none, turn them off',
    path: ['end'],
  })
  .nullable() satisfies z.ZodType<QuietHours | null>;

const channelSwitches = z.object({ sms: z.boolean(), whatsapp: z.boolean() });
/** Every notice kind, each with its channels: a missing kind is refused, never read as "off". */
const channelsSchema = z.record(z.enum(MESSAGE_NOTICE_KINDS), channelSwitches);

const budgetNaira = nairaAmount({
  notPositive: 'A monthly budget must be more than ₦0; leave it empty for no budget',
}).nullable();

const SENDER_ID_MESSAGE = 'Sender ID must be 3 to 11 letters or digits';
/**
 * The name an SMS comes from. Termii takes 3 to 11 characters; networks read an all-digit sender
 * as a phone number. Empty: the server's own sender (TERMII_SENDER_ID).
 */
const senderIdSchema = z
  .string({ error: SENDER_ID_MESSAGE })
  .trim()
  .refine((id) => id === '' || /^[A-Za-z0-9]{3,11}$/.test(id), { message: SENDER_ID_MESSAGE, abort: true })
  .refine((id) => id === '' || /[A-Za-z]/.test(id), 'Sender ID needs at least one letter');

/** What a school saves (PUT): budgets in naira on the wire, kobo once parsed. */
export const messagingSettingsSchema = z.object({
  channels: channelsSchema,
  /** Per channel, a Lagos month's spending limit; null: no limit. */
  monthlyBudgetNaira: z.object({ sms: budgetNaira, whatsapp: budgetNaira }),
  quietHours: quietHoursSchema,
  smsSenderId: senderIdSchema,
});
export type MessagingSettings = z.output<typeof messagingSettingsSchema>;
export type MessagingSettingsInput = z.input<typeof messagingSettingsSchema>;

/** Kobo as a decimal string: exact in JSON, whatever the amount. */
const koboText = z
  .string()
  .regex(/^\d+$/)
  .meta({ description: 'Kobo as a decimal string', examples: ['1500000'] });

/** GET: the saved settings (or the defaults), budgets and this Lagos month's spending in kobo. */
export const messagingSettingsResponseSchema = z.object({
  channels: channelsSchema,
  monthlyBudgetKobo: z.object({ sms: koboText.nullable(), whatsapp: koboText.nullable() }),
  quietHours: quietHoursSchema,
  smsSenderId: z.string(),
  spentThisMonthKobo: z.object({ sms: koboText, whatsapp: koboText }),
});
export type MessagingSettingsResponse = z.infer<typeof messagingSettingsResponseSchema>;

const both = { sms: true, whatsapp: true };
const smsOnly = { sms: true, whatsapp: false };
const off = { sms: false, whatsapp: false };

/**
 * A school that has saved nothing: what a family paid is confirmed on every channel they allow;
 * reminders and late fees go by SMS only (one message per family, at a third of WhatsApp's
 * price); new fees and announcements stay in the app and email until the school turns them on.
 */
export const DEFAULT_MESSAGING_SETTINGS: MessagingSettings = {
  channels: {
    payment_succeeded: both,
    transfer_confirmed: both,
    refund: both,
    payment_reminder: smsOnly,
    late_fee: smsOnly,
    fee_assigned: off,
    system: off,
  },
  monthlyBudgetNaira: { sms: null, whatsapp: null },
  quietHours: { start: '20:00', end: '08:00' },
  smsSenderId: '',
};

export const CONSENT_METHODS = ['web', 'in_person', 'paper'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

const personRef = z.object({ id: idSchema, name: z.string() });

/** A person's agreement to messages on one channel, as recorded. */
export const phoneConsentSchema = z.object({
  channel: z.enum(MESSAGE_CHANNELS),
  phone: z.string().meta({ description: 'As written in Nigeria', examples: ['0803 123 4567'] }),
  optedInAt: timestampSchema,
  method: z.enum(CONSENT_METHODS),
  /** The staff member who recorded a consent given in person or on paper; null when given on the web. */
  recordedBy: personRef.nullable(),
  wording: z.string().describe('The sentence agreed to, word for word'),
  withdrawnAt: timestampSchema.nullable(),
});
export type PhoneConsent = z.infer<typeof phoneConsentSchema>;

export const PHONE_MESSAGE = 'Enter a Nigerian mobile number, such as 0803 123 4567';

/** A code is sent to the number; the phone is the person's once they type it back. */
export const startPhoneVerificationSchema = z.object({
  phone: z
    .string({ error: PHONE_MESSAGE })
    .transform((phone, context) => {
      const international = normaliseNigerianPhone(phone);
      if (international) return international;
      context.addIssue({ code: 'custom', message: PHONE_MESSAGE });
      return z.NEVER;
    })
    .meta({ description: 'Any way of writing a Nigerian mobile number; read as 234XXXXXXXXXX' }),
});

export const confirmPhoneSchema = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code we sent' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code we sent'),
});

/** The wording the person was shown; the server refuses it unless it is consentWording's, word for word. */
export const giveConsentSchema = z.object({
  channel: channelSchema,
  wording: requiredText('The wording agreed to is required', 1000),
});

export const withdrawConsentSchema = z.object({ channel: channelSchema });

/** The outbox carries the notices (by email any kind, by phone MESSAGE_NOTICE_KINDS) and the codes that confirm a phone number. */
export const OUTBOX_MESSAGE_KINDS = [...NOTIFICATION_KINDS, 'phone_code'] as const;
export type OutboxMessageKind = (typeof OUTBOX_MESSAGE_KINDS)[number];

/**
 * queued: waiting to be sent; held: until quiet hours end; sending: with the provider;
 * interrupted: the sender stopped mid-send, waiting for the provider's word before trying again; sent,
 * delivered, read: the furthest the provider reported (reports arrive out of order); failed: given
 * up; skipped: not sent (budget spent, consent withdrawn before it went).
 */
export const OUTBOX_MESSAGE_STATUSES = [
  'queued',
  'held',
  'sending',
  'interrupted',
  'sent',
  'delivered',
  'read',
  'failed',
  'skipped',
] as const;
export type OutboxMessageStatus = (typeof OUTBOX_MESSAGE_STATUSES)[number];

export const outboxMessageSchema = z.object({
  id: idSchema,
  channel: z.enum(OUTBOX_CHANNELS),
  kind: z.enum(OUTBOX_MESSAGE_KINDS),
  to: z
    .string()
    .describe('The number or email address, masked (0803 *** 4567, a•••@example.com) unless the viewer may read it'),
  subject: z.string().nullable().describe("An email's subject; null for SMS and WhatsApp"),
  body: z.string().describe("The SMS text, the WhatsApp template's words, or the email's text"),
  status: z.enum(OUTBOX_MESSAGE_STATUSES),
  statusReason: z.string().nullable(),
  /** A held message goes then (its school's quiet hours end); null for any other. */
  heldUntil: timestampSchema.nullable(),
  costKobo: koboText.nullable().describe("The provider's cost once reported"),
  pages: z.number().int().nullable().describe('SMS pages; null for WhatsApp'),
  attempts: z.number().int(),
  createdAt: timestampSchema,
  sentAt: timestampSchema.nullable(),
  deliveredAt: timestampSchema.nullable(),
  readAt: timestampSchema.nullable(),
  failedAt: timestampSchema.nullable(),
  recipient: personRef.nullable(),
  schoolId: idSchema.nullable().describe('Null for a code confirming a phone number'),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** What a bulk message would do, before it is sent (a dry run). */
export const bulkMessagePreviewSchema = z.object({
  families: z.number().int(),
  messages: z.object({ sms: z.number().int(), whatsapp: z.number().int() }),
  pages: z.number().int().describe('SMS pages in all'),
  estimatedCostKobo: z.object({ sms: koboText, whatsapp: koboText }),
  budgetLeftKobo: z
    .object({ sms: koboText.nullable(), whatsapp: koboText.nullable() })
    .describe("This Lagos month's budget left per channel, never below 0; null: no budget"),
  heldForQuietHoursUntil: timestampSchema.nullable(),
  overBudget: z.boolean(),
});
export type BulkMessagePreview = z.infer<typeof bulkMessagePreviewSchema>;

/** A reminder by hand to everyone who still owes one fee: each student and each of their parents. */
export const bulkReminderInputSchema = z.object({ feeId: idSchema });
/** What reminding everyone who owes a fee would do, before it is done. */
export const bulkReminderPreviewSchema = z.object({
  students: z.number().int().describe('Students who still owe the fee'),
  people: z.number().int().describe('People reminded: the students and their parents'),
  phone: bulkMessagePreviewSchema.describe('The SMS and WhatsApp messages among them, one per family'),
});
export type BulkReminderPreview = z.infer<typeof bulkReminderPreviewSchema>;
export const bulkReminderResultSchema = z.object({
  students: z.number().int(),
  people: z.number().int().describe('People reminded (in the app, by email, SMS and WhatsApp as each chose)'),
});
export type BulkReminderResult = z.infer<typeof bulkReminderResultSchema>;

const messageCount = z.number().int().min(0);

/** One channel of a school's Lagos month, as the Deliveries tab sums it up. */
export const messagingChannelSummarySchema = z.object({
  messages: messageCount.describe('Every message created this Lagos month, whatever became of it'),
  delivered: messageCount.describe('Delivered to the phone, read ones included'),
  failed: messageCount,
  skipped: messageCount.describe('Not sent: the budget was spent, or the person withdrew their agreement'),
  waiting: messageCount.describe('Queued, held for quiet hours, sending, or waiting for the provider to say'),
  spentKobo: koboText.describe("This month's spend on the channel, as the budget counts it"),
  budgetKobo: koboText.nullable().describe("The school's monthly budget for the channel; null: none"),
});
export type MessagingChannelSummary = z.infer<typeof messagingChannelSummarySchema>;

/** GET /messages/summary: a school's messages of this Lagos month, per channel. */
export const messagingSummarySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .meta({ description: 'The Lagos month, YYYY-MM', examples: ['2026-05'] }),
  channels: z.object({ sms: messagingChannelSummarySchema, whatsapp: messagingChannelSummarySchema }),
});
export type MessagingSummary = z.infer<typeof messagingSummarySchema>;

/**
 * A secret of a group's own account as the API shows it: whether one is saved and, for a long
 * one, its last 4 characters to recognise it by; never the secret.
 */
export const savedSecretSchema = z.object({
  set: z.boolean(),
  last4: z.string().max(4).nullable().describe('The last 4 characters of a saved secret of 12 or more; else null'),
});
export type SavedSecret = z.infer<typeof savedSecretSchema>;

/** GET /messaging/account: a school group's own Termii and WhatsApp accounts, secrets only as whether they are set. */
export const messagingAccountSchema = z.object({
  groupSchoolId: idSchema,
  termiiApiKey: savedSecretSchema,
  termiiSecretKey: savedSecretSchema,
  termiiSenderId: z.string().nullable(),
  whatsappToken: savedSecretSchema,
  whatsappPhoneNumberId: z.string().nullable(),
  whatsappAppSecret: savedSecretSchema,
  /** Per channel, whether the group's messages go through its own account (else the server's). */
  ownAccount: z.object({ sms: z.boolean(), whatsapp: z.boolean() }),
  updatedAt: timestampSchema.nullable(),
});
export type MessagingAccount = z.infer<typeof messagingAccountSchema>;

/** A secret in a save: omitted or empty keeps the saved one, null removes it, text replaces it. */
const secretInput = z
  .string()
  .trim()
  .max(500, 'That is too long for a key; paste the key alone')
  .nullable()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const PHONE_NUMBER_ID_MESSAGE = "The phone number ID is the digits Meta's WhatsApp Manager shows for the number";

/** PUT /messaging/account. `group_school_id` in the query names the group for the super-admin. */
export const messagingAccountInputSchema = z.object({
  termiiApiKey: secretInput,
  termiiSecretKey: secretInput,
  /** Empty or null: the server's sender ID. */
  termiiSenderId: senderIdSchema.nullable().optional(),
  whatsappToken: secretInput,
  whatsappPhoneNumberId: z
    .string({ error: PHONE_NUMBER_ID_MESSAGE })
    .trim()
    .refine((id) => id === '' || /^\d{5,30}$/.test(id), PHONE_NUMBER_ID_MESSAGE)
    .nullable()
    .optional(),
  whatsappAppSecret: secretInput,
});
export type MessagingAccountInput = z.input<typeof messagingAccountInputSchema>;
export type MessagingAccountValues = z.output<typeof messagingAccountInputSchema>;

export const messagingAccountQuerySchema = z.object({ group_school_id: idSchema.optional() });
