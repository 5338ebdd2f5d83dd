import { z } from 'zod';
import { filterDate, idSchema } from './common.js';

/** SPEC §5 template ids: each has a built-in wording a school group may replace with its own. */
export const EMAIL_TEMPLATE_IDS = [
  'payment_reminder',
  'payment_overdue',
  'payment_success',
  'payment_failed',
  'fee_approved',
  'system_notification',
] as const;
export type EmailTemplateId = (typeof EMAIL_TEMPLATE_IDS)[number];

export const EMAIL_TEMPLATE_LABELS: Record<EmailTemplateId, string> = {
  payment_reminder: 'Payment reminder',
  payment_overdue: 'Payment overdue',
  payment_success: 'Payment received',
  payment_failed: 'Payment failed',
  fee_approved: 'Fee approved',
  system_notification: 'Announcement',
};

/**
 * The variables a template may name (SPEC §5), plus those the built-in wording uses: the
 * due-date phrase of a reminder, the reason of a failed payment, an announcement's title and text.
 */
export const EMAIL_TEMPLATE_VARIABLES = [
  'firstName',
  'lastName',
  'regNo',
  'studentName',
  'feeName',
  'amount',
  'formattedAmount',
  'dueDate',
  'daysUntilDue',
  'daysOverdue',
  'isOverdue',
  'transactionRef',
  'paymentDate',
  'paymentMethod',
  'termName',
  'schoolName',
  'paymentUrl',
  'supportEmail',
  'year',
  'actionUrl',
  'timestamp',
  'dueText',
  'dueTextLower',
  'paymentCode',
  'familyAccountNumber',
  'familyAccountBank',
  'familyAccountName',
  'reason',
  'title',
  'message',
  'logoUrl',
] as const;
export type EmailTemplateVariable = (typeof EMAIL_TEMPLATE_VARIABLES)[number];

/** SPEC §9: a Zoho mail host, port 587 with STARTTLS, 465 for SSL. */
export const DEFAULT_SMTP = { host: 'smtp.zoho.com', port: 587, securePort: 465, secure: false } as const;

export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_TEMPLATE_HTML_MAX = 20_000;
export const EMAIL_TEMPLATE_TEXT_MAX = 10_000;
/** Emails one call to /email/send-bulk may carry. */
export const EMAIL_BULK_MAX = 100;
/** Emails a school may put in the outbox in any hour, counted from its outbox rows. */
export const EMAIL_HOURLY_LIMIT_PER_SCHOOL = 500;

/** SPEC §8 Email texts, written once for the server and the web. */
export const EMAIL_MESSAGES = {
  hostRequired: 'SMTP host is required',
  portRequired: 'Port is required',
  invalidPort: 'Invalid port number',
  validEmail: 'Valid email is required',
  passwordRequired: 'Password is required',
  senderNameRequired: 'Sender name is required',
  testEmailRequired: 'Please enter a test email address',
  configUpdated: 'Email configuration updated successfully!',
  configUpdateFailed: 'Failed to update email configuration',
  configLoadFailed: 'Failed to get email configuration',
  testSent: 'Test email sent successfully!',
  testFailed: 'Test email failed',
  testSendFailed: 'Failed to send test email',
  statsFailed: 'Failed to fetch email statistics',
  templateCreateFailed: 'Failed to create email template',
  templateUpdateFailed: 'Failed to update email template',
  sendFailed: 'Failed to send email',
  bulkSendFailed: 'Failed to send bulk emails',
  selectGroup: 'Please select a school group',
  smtpHostNotFound: 'The SMTP host could not be found; check its name',
  smtpHostLocal:
    "This SMTP host is on a private network or is this server itself. Use your mail provider's host name; the operator of this SchoolLedger server can allow a mail server on your own network",
  smtpHostReserved: 'This SMTP host is not an address a mail server can have',
  smtpNoAnswer: 'No SMTP server answered at this host and port',
  smtpTlsFailed: 'The secure connection failed; check the port and the SSL setting',
  smtpAuthRefused: 'The SMTP server did not accept this user name and password',
  smtpAddressRefused: 'The SMTP server refused the sender or the recipient address',
  smtpMessageRefused: 'The SMTP server refused the message',
  linkMadeByApp: 'Links in an email are made by SchoolLedger; leave this out',
  appPath: 'Must be a path of this app, such as /student/fees',
} as const;

const validEmail = z
  .string({ error: EMAIL_MESSAGES.validEmail })
  .trim()
  .min(1, EMAIL_MESSAGES.validEmail)
  .max(254, EMAIL_MESSAGES.validEmail)
  .pipe(z.email(EMAIL_MESSAGES.validEmail));

/** The super-admin (no group of their own) names the group; everyone else works in their own. */
export const emailGroupQuerySchema = z.object({ group_school_id: idSchema.optional() });

/** PUT /email/config (SPEC §5): a password left out keeps the stored one. */
export const emailConfigInputSchema = z.object({
  group_school_id: idSchema.optional(),
  host: z
    .string({ error: EMAIL_MESSAGES.hostRequired })
    .trim()
    .min(1, EMAIL_MESSAGES.hostRequired)
    .max(253, 'Must be at most 253 characters')
    .regex(/^[A-Za-z0-9.-]+$/, 'Enter a host name such as smtp.zoho.com'),
  // An emptied number input arrives as '' or null: that is a missing port, not port 0.
  port: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce
      .number({ error: EMAIL_MESSAGES.portRequired })
      .int(EMAIL_MESSAGES.invalidPort)
      .min(1, EMAIL_MESSAGES.invalidPort)
      .max(65535, EMAIL_MESSAGES.invalidPort),
  ),
  secure: z.boolean().default(false),
  auth: z.object({
    user: validEmail,
    // Blank means "keep the saved one"; the server answers 'Password is required' when none is saved.
    pass: z
      .string()
      .max(500, 'Must be at most 500 characters')
      .optional()
      .transform((value) => (value ? value : undefined)),
  }),
  from: z.object({
    name: z
      .string({ error: EMAIL_MESSAGES.senderNameRequired })
      .trim()
      .min(1, EMAIL_MESSAGES.senderNameRequired)
      .max(120, 'Must be at most 120 characters'),
    email: validEmail,
  }),
});
export type EmailConfigInput = z.input<typeof emailConfigInputSchema>;

/** GET /email/config: never the password, only whether one is saved. */
export const emailConfigSchema = z.object({
  group_school_id: idSchema,
  configured: z.boolean().describe('False: no settings saved yet; the values are the defaults'),
  host: z.string(),
  port: z.number().int(),
  secure: z.boolean(),
  auth: z.object({ user: z.string(), hasPassword: z.boolean() }),
  from: z.object({ name: z.string(), email: z.string() }),
  updatedAt: z.string().nullable(),
});
export type EmailConfig = z.infer<typeof emailConfigSchema>;

export const emailTestInputSchema = z.object({
  group_school_id: idSchema.optional(),
  testEmail: z
    .string({ error: EMAIL_MESSAGES.testEmailRequired })
    .trim()
    .min(1, EMAIL_MESSAGES.testEmailRequired)
    .pipe(z.email(EMAIL_MESSAGES.validEmail)),
});

/** A refused test send is a result to show, not a failed request. */
export const emailTestResultSchema = z.object({ ok: z.boolean(), message: z.string() });

export const emailTemplateDraftSchema = z.object({
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(EMAIL_SUBJECT_MAX, `Must be at most ${EMAIL_SUBJECT_MAX} characters`),
  html: z
    .string({ error: 'HTML body is required' })
    .trim()
    .min(1, 'HTML body is required')
    .max(EMAIL_TEMPLATE_HTML_MAX, `Must be at most ${EMAIL_TEMPLATE_HTML_MAX} characters`),
  text: z
    .string({ error: 'Text body is required' })
    .trim()
    .min(1, 'Text body is required')
    .max(EMAIL_TEMPLATE_TEXT_MAX, `Must be at most ${EMAIL_TEMPLATE_TEXT_MAX} characters`),
});
export type EmailTemplateDraft = z.infer<typeof emailTemplateDraftSchema>;

export const emailTemplateCreateSchema = emailTemplateDraftSchema.extend({
  group_school_id: idSchema.optional(),
  templateId: z.enum(EMAIL_TEMPLATE_IDS, { error: 'Unknown template' }),
});
export const emailTemplateUpdateSchema = emailTemplateDraftSchema.extend({ group_school_id: idSchema.optional() });
export const emailTemplateParamsSchema = z.object({ id: z.enum(EMAIL_TEMPLATE_IDS, { error: 'Unknown template' }) });

export const emailTemplateSchema = z.object({
  id: z.enum(EMAIL_TEMPLATE_IDS),
  name: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  variables: z.array(z.string()).describe('The variables the wording uses'),
  custom: z.boolean().describe("True: the group's own wording; false: the built-in one"),
  updatedAt: z.string().nullable(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const emailPreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type EmailPreview = z.infer<typeof emailPreviewSchema>;

const templateValue = z.union([z.string().max(1000), z.number(), z.boolean()]);

/** Links the server makes from its own address (APP_URL): a sender naming them could point a school's email at another site. */
const SERVER_LINKS = ['paymentUrl', 'logoUrl'] as const;
/** A path of this app, as a notification's actionUrl is: the server puts its own address in front. */
const APP_PATH = /^\/(?!\/)[^\s\\]{0,299}$/;

/** POST /email/send (SPEC §5 email message); the wording comes from the template, the subject may replace its own. */
export const sendEmailInputSchema = z.object({
  to: validEmail,
  subject: z.string().trim().max(EMAIL_SUBJECT_MAX).optional(),
  templateId: z.enum(EMAIL_TEMPLATE_IDS, { error: 'Unknown template' }).default('system_notification'),
  templateVariables: z
    .partialRecord(z.enum(EMAIL_TEMPLATE_VARIABLES, { error: 'Unknown template variable' }), templateValue)
    .superRefine((variables, context) => {
      for (const name of SERVER_LINKS) {
        if (variables[name] !== undefined) {
          context.addIssue({ code: 'custom', path: [name], message: EMAIL_MESSAGES.linkMadeByApp });
        }
      }
      const action = variables.actionUrl;
      if (action !== undefined && !(typeof action === 'string' && APP_PATH.test(action))) {
        context.addIssue({ code: 'custom', path: ['actionUrl'], message: EMAIL_MESSAGES.appPath });
      }
    })
    .default({}),
  priority: z.enum(['high', 'normal']).default('normal'),
});
export type SendEmailInput = z.input<typeof sendEmailInputSchema>;

export const sendBulkInputSchema = z.object({
  emails: z
    .array(sendEmailInputSchema)
    .min(1, 'Add at least one email')
    .max(EMAIL_BULK_MAX, `At most ${EMAIL_BULK_MAX} emails per request`),
});

export const sendEmailResultSchema = z.object({
  queued: z.number().int(),
  ids: z.array(idSchema),
});

export const EMAIL_STATUSES = ['queued', 'retrying', 'sent', 'failed', 'stored'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const outboxEntrySchema = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  templateId: z.enum(EMAIL_TEMPLATE_IDS).nullable(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable().describe('Why the last attempt failed'),
  nextAttemptAt: z.string().nullable().describe('When a retrying email is tried again'),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

export const emailStatsQuerySchema = z.object({
  from: filterDate().optional(),
  to: filterDate().optional(),
});

export const recentEmailSchema = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  templateId: z.enum(EMAIL_TEMPLATE_IDS).nullable(),
  status: z.enum(EMAIL_STATUSES),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

export const emailStatsSchema = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  totalSent: z.number().int().describe('Every email queued in the period'),
  totalDelivered: z.number().int().describe('Accepted by the SMTP server'),
  totalFailed: z.number().int().describe('Given up after the last retry'),
  totalStored: z.number().int().describe('Kept in the outbox because no SMTP server is configured'),
  deliveryRate: z.number().describe('Delivered over queued, in percent; 0 when none'),
  successRate: z.number().describe('Same as deliveryRate'),
  failedEmails: z.number().int(),
  bounceRate: z.number().describe('Always 0: bounces are not received back, so they cannot be counted'),
  smtpConfigured: z.boolean().describe("Whether the caller's group or the server has an SMTP server to send through"),
  recentEmails: z.array(recentEmailSchema),
});
export type EmailStats = z.infer<typeof emailStatsSchema>;
