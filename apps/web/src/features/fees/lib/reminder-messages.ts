import type { ReminderStage } from '@schoolledger/domain';

/** Texts of the Reminders tab; SPEC §8 where it names them. */
export const REMINDER_MESSAGES = {
  loadFailed: 'Failed to load payment reminders',
  loading: 'Loading payment reminders...',
  created: 'Payment reminder created',
  createFailed: 'Failed to create payment reminder',
  sent: 'Payment reminder sent',
  sendFailed: 'Failed to send payment reminder',
  debtorsReminded: 'Everyone who owes the fee was reminded',
  debtorsFailed: 'Failed to remind those who owe the fee',
  settingsSaved: 'Reminder settings updated',
  settingsFailed: 'Failed to update reminder settings',
  settingsLoadFailed: 'Failed to load reminder settings',
} as const;

export const REMINDER_STAGE_LABELS: Record<ReminderStage, string> = {
  due_soon: 'Due soon',
  urgent: 'Urgent',
  overdue: 'Overdue',
  manual: 'Manual',
};

/** Whom a reminder went to, as the list says it: the student themself or one of their parents. */
export const recipientText = (reminder: { recipientId: string; studentId: string; recipientName: string }) =>
  reminder.recipientId === reminder.studentId ? 'the student' : `${reminder.recipientName} (parent)`;
