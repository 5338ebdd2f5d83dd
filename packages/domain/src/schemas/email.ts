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
