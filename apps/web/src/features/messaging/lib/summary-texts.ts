import { formatKobo, type MessageChannel, type MessagingChannelSummary } from '@schoolledger/domain';
import { CHANNEL_LABELS } from '@/lib/message-channels';

/** One figure of a channel's month; `failed` is the one that opens the failed messages. */
export interface SummaryPart {
  text: string;
  failed?: true;
}

const count = (value: number) => value.toLocaleString('en-NG');

/**
 * A channel's month as the top of the Deliveries tab says it: "SMS this month" and its figures.
 * Sent counts what went to the provider (every message but those skipped or still waiting), so it
 * includes the delivered and the failed; skipped and waiting are said only when there are some.
 * The money is the month's spend against the budget, or the spend and "no budget".
 */
export function channelSummary(
  channel: MessageChannel,
  summary: MessagingChannelSummary,
): { heading: string; parts: SummaryPart[] } {
  const sent = Math.max(summary.messages - summary.skipped - summary.waiting, 0);
  const spent = formatKobo(BigInt(summary.spentKobo));
  const parts: SummaryPart[] = [
    { text: `${count(sent)} sent` },
    { text: `${count(summary.delivered)} delivered` },
    summary.failed > 0 ? { text: `${count(summary.failed)} failed`, failed: true } : { text: '0 failed' },
  ];
  if (summary.skipped > 0) parts.push({ text: `${count(summary.skipped)} skipped` });
  if (summary.waiting > 0) parts.push({ text: `${count(summary.waiting)} waiting` });
  parts.push({
    text:
      summary.budgetKobo === null
        ? `${spent} spent, no budget`
        : `${spent} of ${formatKobo(BigInt(summary.budgetKobo))}`,
  });
  return { heading: `${CHANNEL_LABELS[channel]} this month`, parts };
}

/** The whole line: "SMS this month: 1,204 sent · 1,180 delivered · 12 failed · ₦8,428.00 of ₦20,000.00". */
export function channelSummaryText(channel: MessageChannel, summary: MessagingChannelSummary): string {
  const { heading, parts } = channelSummary(channel, summary);
  return `${heading}: ${parts.map((part) => part.text).join(' · ')}`;
}
