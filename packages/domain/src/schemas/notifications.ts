import { z } from 'zod';
import { DUE_SOON_DAYS, URGENT_DAYS } from '../fees.js';
import { ROLES } from '../roles.js';
import { idSchema, paginationSchema, requiredText, timestampSchema } from './common.js';
import { nairaResponseAmount } from './money.js';

/** How a notice is shown (SPEC §5 notification type). */
export const NOTIFICATION_TYPES = [
  'info',
  'success',
  'warning',
  'error',
  'payment_reminder',
  'payment_overdue',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What happened; a person chooses per kind whether it reaches them in the app and by email. */
export const NOTIFICATION_KINDS = [
  'payment_succeeded',
  'payment_failed',
  'transfer_confirmed',
  'transfer_rejected',
  'refund',
  'fee_assigned',
  'fee_approved',
  'fee_rejected',
  'payment_reminder',
  'late_fee',
  'payment_credited',
  'transfer_claimed',
  'payment_disputed',
  'refund_failed',
  'fee_to_approve',
  'adjustment_to_approve',
  'expense',
  'budget_alert',
  'till_variance',
  'till_not_banked',
  'till_left_open',
  'void_to_approve',
  'account_created',
  'account_locked',
  'system',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  payment_succeeded: 'Payment received',
  payment_failed: 'Payment failed',
  transfer_confirmed: 'Bank transfer confirmed',
  transfer_rejected: 'Bank transfer rejected',
  refund: 'Refunds',
  fee_assigned: 'New fees to pay',
  fee_approved: 'Fee approved',
  fee_rejected: 'Fee rejected',
  payment_reminder: 'Payment reminders',
  late_fee: 'Late fees',
  payment_credited: 'Money received by the school',
  transfer_claimed: 'Bank transfers to confirm',
  payment_disputed: 'Payment disputes',
  refund_failed: 'Failed refunds',
  fee_to_approve: 'Fees to approve',
  adjustment_to_approve: 'Adjustments to approve',
  expense: 'Expense approvals',
  budget_alert: 'Budget alerts',
  till_variance: 'Till differences beyond the tolerance',
  till_not_banked: 'Tills not banked in time',
  till_left_open: 'Tills left open overnight',
  void_to_approve: 'Voids of cash to approve',
  account_created: 'Account created',
  account_locked: 'Account locked',
  system: 'Announcements',
};

/** Kinds a person cannot switch off: they concern the safety of their own account. */
export const MANDATORY_NOTIFICATION_KINDS: readonly NotificationKind[] = ['account_created', 'account_locked'];

/** Kinds sent in the app only, never by email: a busy school credits hundreds of payments a day. */
export const IN_APP_ONLY_NOTIFICATION_KINDS: readonly NotificationKind[] = ['payment_credited'];

/** The Payments tab of the panel (SPEC §2) shows these kinds. */
export const PAYMENT_NOTIFICATION_KINDS: readonly NotificationKind[] = [
  'payment_succeeded',
  'payment_failed',
  'transfer_confirmed',
  'transfer_rejected',
  'refund',
  'fee_assigned',
  'payment_reminder',
  'late_fee',
  'payment_credited',
  'transfer_claimed',
  'payment_disputed',
  'refund_failed',
];

/** Kinds only staff receive (the school's money and what waits for their approval). */
const STAFF_NOTIFICATION_KINDS: readonly NotificationKind[] = [
  'fee_approved',
  'fee_rejected',
  'payment_credited',
  'transfer_claimed',
  'payment_disputed',
  'refund_failed',
  'fee_to_approve',
  'adjustment_to_approve',
  'expense',
  'budget_alert',
  'till_variance',
  'till_not_banked',
  'till_left_open',
  'void_to_approve',
];

/** Kinds only students and parents receive (their own fees and payments). */
const FAMILY_NOTIFICATION_KINDS: readonly NotificationKind[] = [
  'payment_succeeded',
  'payment_failed',
  'transfer_confirmed',
  'transfer_rejected',
  'refund',
  'fee_assigned',
  'payment_reminder',
  'late_fee',
];

/**
 * The kinds that can reach someone with these roles, for their preferences: a parent is not
 * offered a switch for fees to approve, nor a bursar one for their own payment reminders.
 */
export function notificationKindsFor(roles: readonly string[]): NotificationKind[] {
  const family = roles.some((role) => role === 'Student' || role === 'Parent');
  const staff = roles.some((role) => role !== 'Student' && role !== 'Parent');
  return NOTIFICATION_KINDS.filter(
    (kind) =>
      (staff || !STAFF_NOTIFICATION_KINDS.includes(kind)) && (family || !FAMILY_NOTIFICATION_KINDS.includes(kind)),
  );
}

/** SPEC §9: badge shows 99+ above 99. */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

export const NOTIFICATION_TITLE_MAX = 120;
export const NOTIFICATION_MESSAGE_MAX = 1000;

export const notificationMetadataSchema = z
  .object({
    amount: nairaResponseAmount.optional(),
    dueDate: z.string().optional(),
    feeId: z.string().optional(),
    paymentId: z.string().optional(),
    studentId: z.string().optional(),
    reminderType: z.string().optional(),
    reason: z.string().optional(),
  })
  .describe('What the notice is about; amounts in naira');

export const notificationSchema = z.object({
  _id: z.string(),
  /** Orders a person's notices; the SSE event id. */
  seq: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  timestamp: timestampSchema,
  actionUrl: z.string().nullable(),
  metadata: notificationMetadataSchema,
});
export type AppNotification = z.infer<typeof notificationSchema>;

const booleanQuery = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');

export const notificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  /** SPEC §9: 20 by default. */
  limit: z.coerce.number().int().min(1).max(100).default(20),
  unread_only: booleanQuery,
  payments_only: booleanQuery,
});
export type NotificationListQuery = z.output<typeof notificationListQuerySchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  pagination: paginationSchema,
  /** For the panel's tabs, whatever the filter. */
  counts: z.object({ all: z.number().int(), unread: z.number().int(), payments: z.number().int() }),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadCountSchema = z.object({ count: z.number().int().min(0) });

/** A kind's in-app and email switches: a person's, or their group's default for them. */
export const notificationDefaultSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  inApp: z.boolean(),
  email: z.boolean(),
});
export type NotificationDefault = z.infer<typeof notificationDefaultSchema>;

/**
 * A person's choice for a kind. `sms` and `whatsapp` belong to the kinds phones carry
 * (MESSAGE_NOTICE_KINDS) only: answered for those (true where they never chose), refused on any
 * other; left out of a save, the saved choice stands. Each reaches them only where they confirmed
 * their phone, agreed to the channel and their school sends the kind on it.
 */
export const notificationPreferenceSchema = notificationDefaultSchema.extend({
  sms: z.boolean().optional(),
  whatsapp: z.boolean().optional(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;
export const notificationPreferencesSchema = z.object({ preferences: z.array(notificationPreferenceSchema) });
export const notificationPreferencesInputSchema = z.object({
  preferences: z.array(notificationPreferenceSchema).min(1).max(NOTIFICATION_KINDS.length),
});

/** An in-app link: a path of this app, never another site. */
const actionUrlSchema = z
  .string()
  .trim()
  .max(300, 'Must be at most 300 characters')
  .regex(/^\/(?!\/)[^\s\\]*$/, 'Must be a path of this app, such as /student/fees');

const noticeFields = {
  title: requiredText('Title is required', NOTIFICATION_TITLE_MAX),
  message: requiredText('Message is required', NOTIFICATION_MESSAGE_MAX),
  type: z.enum(['info', 'success', 'warning', 'error']).default('info'),
  actionUrl: actionUrlSchema.optional().nullable(),
};

/** SPEC §7 POST /notification/system: one notice to one person. */
export const systemNotificationInputSchema = z.object({
  ...noticeFields,
  userId: idSchema,
  metadata: z.record(z.string(), z.string().max(200)).optional(),
});

export const BULK_NOTIFICATION_MAX_RECIPIENTS = 5000;
export const BULK_USER_IDS_MAX = 500;

/** SPEC §7 POST /notification/bulk: one notice to a school, a role within it, or chosen people. */
export const bulkNotificationInputSchema = z
  .object({
    ...noticeFields,
    schoolId: idSchema.optional(),
    role: z.enum(ROLES, { error: 'Choose one of the roles' }).optional(),
    userIds: z.array(idSchema).min(1).max(BULK_USER_IDS_MAX).optional(),
  })
  .refine((body) => body.schoolId || body.role || body.userIds, {
    message: 'Choose a school, a role or people to notify',
    path: ['schoolId'],
  });
/** How many people a system or bulk notice was addressed to (those who switched it off get nothing). */
export const bulkNotificationResultSchema = z.object({ recipients: z.number().int() });

/** How many notices mark-all-read changed. */
export const markAllReadResultSchema = z.object({ count: z.number().int().min(0) });

/** GET /notification/stream: the ticket from POST /notification/stream-ticket, and where a reopened stream resumes. */
export const notificationStreamQuerySchema = z.object({
  ticket: z.string().min(1).max(2000),
  last_event_id: z.coerce.number().int().min(0).optional(),
});

/** SPEC §9 reminder stages; `manual` is a bursar's own reminder. */
export const REMINDER_STAGES = ['due_soon', 'urgent', 'overdue', 'manual'] as const;
export type ReminderStage = (typeof REMINDER_STAGES)[number];

/** SPEC §9: due soon within 7 days, urgent within 3 days, overdue below 0; otherwise none yet. */
export function reminderStage(daysUntilDue: number): Exclude<ReminderStage, 'manual'> | null {
  if (daysUntilDue < 0) return 'overdue';
  if (daysUntilDue <= URGENT_DAYS) return 'urgent';
  if (daysUntilDue <= DUE_SOON_DAYS) return 'due_soon';
  return null;
}

export const paymentReminderSchema = z.object({
  _id: z.string(),
  feeId: z.string(),
  feeName: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  recipientId: z.string(),
  recipientName: z.string(),
  stage: z.enum(REMINDER_STAGES),
  dueDate: z.string(),
  amount: nairaResponseAmount,
  sent: z.boolean(),
  sentAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
});
export type PaymentReminder = z.infer<typeof paymentReminderSchema>;

export const paymentReminderListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  school_id: idSchema.optional(),
  fee_id: idSchema.optional(),
  student_id: idSchema.optional(),
  sent: z.enum(['true', 'false']).optional(),
});
export const paymentReminderListSchema = z.object({
  reminders: z.array(paymentReminderSchema),
  pagination: paginationSchema,
});

/** SPEC §7 POST /notification/payment-reminder: a reminder of one fee to a student and their parents, sent later by /send. */
export const paymentReminderInputSchema = z.object({ feeId: idSchema, studentId: idSchema });

export const reminderSettingsSchema = z.object({
  schoolId: z.string(),
  dueSoon: z.boolean(),
  urgent: z.boolean(),
  overdue: z.boolean(),
});
export const reminderSettingsInputSchema = reminderSettingsSchema.omit({ schoolId: true });

/**
 * The stream's `change` event: something of `kind` happened at one of the reader's schools, to
 * someone else. It names no one and nothing; the page refreshes what that kind changes.
 */
export const schoolChangeSchema = z.object({ kind: z.enum(NOTIFICATION_KINDS) });
export type SchoolChange = z.infer<typeof schoolChangeSchema>;

/** A short-lived ticket for the event stream: EventSource cannot send an Authorization header. */
export const streamTicketSchema = z.object({ ticket: z.string(), expiresAt: timestampSchema });
