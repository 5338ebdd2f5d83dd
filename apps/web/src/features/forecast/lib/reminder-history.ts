import { type ForecastDebtors, plural } from '@schoolledger/domain';
import { formatDateTime } from '@/lib/dates';

const CHANNEL_NAMES = { email: 'email', sms: 'SMS', whatsapp: 'WhatsApp' } as const;

/** "Reminded on 3 days, last 12 Nov 2026, 09:14, by email and SMS", or that they never were. */
export function reminderHistoryText(reminders: ForecastDebtors['debtors'][number]['reminders']): string {
  if (reminders.days === 0 || !reminders.last_at) return 'Not reminded yet';
  const channels = reminders.channels.map((channel) => CHANNEL_NAMES[channel]);
  const by = channels.length > 1 ? `${channels.slice(0, -1).join(', ')} and ${channels.at(-1)}` : channels[0];
  return `Reminded on ${plural(reminders.days, 'day')}, last ${formatDateTime(reminders.last_at)}${by ? `, by ${by}` : ''}`;
}
