import type { Kobo } from './money.js';
import { displayPhone } from './phones.js';
import type { NotificationKind } from './schemas/notifications.js';

/** The phone channels: each message goes by one, with the person's consent to that one. */
export const MESSAGE_CHANNELS = ['sms', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** The outbox's channels: a notice's email goes in it beside its SMS and WhatsApp messages. */
export const OUTBOX_CHANNELS = ['email', ...MESSAGE_CHANNELS] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];
export const OUTBOX_CHANNEL_LABELS: Record<OutboxChannel, string> = {
  email: 'Email',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
};

/**
 * The notices a school may send by SMS or WhatsApp: a family's own money. Staff notices (fees to
 * approve, budget alerts) stay in the app and email, which cost the school nothing per message.
 */
export const MESSAGE_NOTICE_KINDS = [
  'payment_succeeded',
  'transfer_confirmed',
  'refund',
  'payment_reminder',
  'late_fee',
  'fee_assigned',
  'system',
] as const satisfies readonly NotificationKind[];
export type MessageNoticeKind = (typeof MESSAGE_NOTICE_KINDS)[number];

export const MESSAGE_NOTICE_KIND_LABELS: Record<MessageNoticeKind, string> = {
  payment_succeeded: 'Receipts',
  transfer_confirmed: 'Transfer confirmations',
  refund: 'Refunds',
  payment_reminder: 'Reminders',
  late_fee: 'Late fees',
  fee_assigned: 'New fees',
  system: 'Announcements',
};

/**
 * Notices that answer money the family just paid or got back: sent at once, whatever the quiet
 * hours, since a parent at the bank or the bursar's desk is waiting for them.
 */
export const RECEIPT_KINDS: readonly MessageNoticeKind[] = ['payment_succeeded', 'transfer_confirmed', 'refund'];

/**
 * The sentence a person agrees to before a school messages them on a channel, kept word for word
 * with their consent. WhatsApp requires the channel and the business's name to be stated
 * (../shared/research/bank-and-messaging.md C2, opt-in); NDPA requires a plain way out.
 */
export function consentWording({
  channel,
  schoolName,
  phone,
}: {
  channel: MessageChannel;
  schoolName: string;
  phone: string;
}): string {
  const [how, cost] =
    channel === 'sms'
      ? ['by SMS', 'They cost me nothing']
      : ['on WhatsApp', 'They cost me nothing beyond my usual data'];
  return (
    `I agree that ${schoolName.trim()} may send receipts, reminders and notices about fees to my number ` +
    `${displayPhone(phone)} ${how}. ${cost}, and I can stop them at any time by replying STOP or by turning ` +
    'them off in my Profile.'
  );
}

/** A daily window, 'HH:MM' to 'HH:MM' in Lagos time; it crosses midnight when the end is earlier. */
export interface QuietHours {
  start: string;
  end: string;
}

/** Nigeria keeps West Africa Time, UTC+1, all year (no daylight saving), so Lagos time is a fixed shift. */
const LAGOS_OFFSET_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
const msOfDay = (time: string) => (Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))) * 60_000;

/**
 * When a message due at `at` may go: null when `at` is outside the quiet hours (or there are
 * none), else the instant they end. The end is excluded from the window (08:00 sends), the start
 * included; a window that starts when it ends is no window.
 */
export function quietHoursHold(at: Date, quiet: QuietHours | null): Date | null {
  if (!quiet) return null;
  const start = msOfDay(quiet.start);
  const end = msOfDay(quiet.end);
  const lagos = at.getTime() + LAGOS_OFFSET_MS;
  const sinceMidnight = ((lagos % DAY_MS) + DAY_MS) % DAY_MS;
  const inside =
    start < end
      ? sinceMidnight >= start && sinceMidnight < end
      : start > end && (sinceMidnight >= start || sinceMidnight < end);
  if (!inside) return null;
  // Before the end: it ends today; after the start of a window crossing midnight: tomorrow.
  const endsAt = lagos - sinceMidnight + end + (sinceMidnight < end ? 0 : DAY_MS);
  return new Date(endsAt - LAGOS_OFFSET_MS);
}

/** '2026-11': the Lagos month a message's cost counts against the school's budget in. */
export const monthOfLagos = (at: Date): string => new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 7);

/**
 * An SMS page on the DND (transactional) route, the one that reaches numbers on Do-Not-Disturb
 * and MTN numbers at night: ₦6.5–8 in 2025 (../shared/research/bank-and-messaging.md C2). An
 * estimate for previews and budgets; the provider's delivery report gives the real cost.
 */
export const SMS_PAGE_PRICE_KOBO: Kobo = 700n;
/**
 * A WhatsApp utility template delivered in Nigeria: $0.0074 on Meta's rate card (same file, C2),
 * about ₦11. Meta charges per delivered template message, whatever its length.
 */
export const WHATSAPP_MESSAGE_PRICE_KOBO: Kobo = 1_100n;

/** What a message should cost: SMS by the page, WhatsApp by the message (`pages` is not read). */
export function estimateMessageCost({ channel, pages }: { channel: MessageChannel; pages: number }): Kobo {
  return channel === 'sms' ? BigInt(pages) * SMS_PAGE_PRICE_KOBO : WHATSAPP_MESSAGE_PRICE_KOBO;
}
