import {
  formatKobo,
  MESSAGE_NOTICE_KIND_LABELS,
  NOTIFICATION_KIND_LABELS,
  OUTBOX_CHANNELS,
  OUTBOX_MESSAGE_STATUSES,
  type OutboxChannel,
  type OutboxMessage,
  type OutboxMessageKind,
  type OutboxMessageStatus,
} from '@schoolledger/domain';
import type { BadgeVariant } from '@/components/ui';
import { formatTime } from '@/lib/dates';
import { CHANNEL_LABELS } from '@/lib/message-channels';

/** The screen's tabs: what was sent, and (for whoever configures messaging) what to send. */
export const MESSAGING_TABS = [
  ['deliveries', 'Deliveries'],
  ['settings', 'Settings'],
] as const;
export type MessagingTab = (typeof MESSAGING_TABS)[number][0];

export const parseMessagingTab = (raw: string): MessagingTab | undefined =>
  MESSAGING_TABS.find(([tab]) => tab === raw)?.[0];

/** Every notice the outbox carries, the code that confirms a number among them. */
export const MESSAGE_KIND_LABELS: Record<OutboxMessageKind, string> = {
  ...NOTIFICATION_KIND_LABELS,
  ...MESSAGE_NOTICE_KIND_LABELS,
  phone_code: 'Number confirmation code',
};

const STATUS_BADGES: Record<OutboxMessageStatus, { label: string; variant: BadgeVariant }> = {
  queued: { label: 'Queued', variant: 'gray' },
  held: { label: 'Held for quiet hours', variant: 'yellow' },
  sending: { label: 'Sending', variant: 'blue' },
  interrupted: { label: 'Checking with the provider', variant: 'yellow' },
  sent: { label: 'Sent', variant: 'blue' },
  delivered: { label: 'Delivered', variant: 'green' },
  read: { label: 'Read', variant: 'green' },
  failed: { label: 'Failed', variant: 'red' },
  skipped: { label: 'Skipped', variant: 'gray' },
};

/** A message's status chip: a held one says until when (Lagos time), a failed or skipped one why. */
export function statusBadge(message: Pick<OutboxMessage, 'status' | 'statusReason' | 'heldUntil'>): {
  label: string;
  variant: BadgeVariant;
  reason: string | null;
} {
  const { label, variant } = STATUS_BADGES[message.status];
  const explained = message.status === 'failed' || message.status === 'skipped';
  const reason = explained ? message.statusReason || 'No reason was given' : null;
  if (message.status !== 'held' || !message.heldUntil) return { label, variant, reason };
  return { label: `Held until ${formatTime(new Date(message.heldUntil))}`, variant, reason };
}

type Costed = Pick<OutboxMessage, 'costKobo' | 'pages' | 'channel'>;

/** What a message cost, once the provider said; null before. */
export const costOf = (message: Costed): string | null =>
  message.costKobo === null ? null : formatKobo(BigInt(message.costKobo));

/** An SMS's pages ("2 pages"); null for WhatsApp, which is paid by the message. */
export const pagesOf = (message: Costed): string | null =>
  message.channel === 'sms' && message.pages !== null
    ? `${message.pages} ${message.pages === 1 ? 'page' : 'pages'}`
    : null;

/** Both on one line ("₦14.00 · 2 pages"); '—' while nothing is known. */
export const costText = (message: Costed): string =>
  [costOf(message), pagesOf(message)].filter(Boolean).join(' · ') || '—';

/** The list's filters: every status or one, every channel or one. */
export const STATUS_FILTERS: readonly (readonly [OutboxMessageStatus | 'all', string])[] = [
  ['all', 'All statuses'],
  ...OUTBOX_MESSAGE_STATUSES.map((status) => [status, STATUS_BADGES[status].label] as const),
];
export type StatusFilter = OutboxMessageStatus | 'all';

export const CHANNEL_FILTERS: readonly (readonly [OutboxChannel | 'all', string])[] = [
  ['all', 'All channels'],
  ...OUTBOX_CHANNELS.map((channel) => [channel, CHANNEL_LABELS[channel]] as const),
];
export type ChannelFilter = OutboxChannel | 'all';

export const parseStatusFilter = (raw: string): StatusFilter | undefined =>
  STATUS_FILTERS.find(([value]) => value === raw)?.[0];

export const parseChannelFilter = (raw: string): ChannelFilter | undefined =>
  CHANNEL_FILTERS.find(([value]) => value === raw)?.[0];
