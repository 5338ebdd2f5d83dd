import type { MessagingChannelSummary } from '@schoolledger/domain';
import { describe, expect, it } from 'vitest';
import { channelSummary, channelSummaryText } from '@/features/messaging/lib/summary-texts';

const month = (changes: Partial<MessagingChannelSummary>): MessagingChannelSummary => ({
  messages: 0,
  delivered: 0,
  failed: 0,
  skipped: 0,
  waiting: 0,
  spentKobo: '0',
  budgetKobo: null,
  ...changes,
});

describe('channelSummaryText', () => {
  it('says what went, what arrived, what failed and the spend against the budget', () => {
    const sms = month({ messages: 1_204, delivered: 1_180, failed: 12, spentKobo: '842800', budgetKobo: '2000000' });
    expect(channelSummaryText('sms', sms)).toBe(
      'SMS this month: 1,204 sent · 1,180 delivered · 12 failed · ₦8,428.00 of ₦20,000.00',
    );
  });

  it('says so when the channel has no budget', () => {
    expect(channelSummaryText('whatsapp', month({ messages: 3, delivered: 2, failed: 1, spentKobo: '3300' }))).toBe(
      'WhatsApp this month: 3 sent · 2 delivered · 1 failed · ₦33.00 spent, no budget',
    );
  });

  it('counts as sent only what went to the provider, and names the skipped and the waiting when there are some', () => {
    const sms = month({
      messages: 13,
      delivered: 4,
      failed: 2,
      skipped: 1,
      waiting: 4,
      spentKobo: '842800',
      budgetKobo: '842800',
    });
    expect(channelSummaryText('sms', sms)).toBe(
      'SMS this month: 8 sent · 4 delivered · 2 failed · 1 skipped · 4 waiting · ₦8,428.00 of ₦8,428.00',
    );
  });

  it('reads a quiet month as nothing sent', () => {
    expect(channelSummaryText('sms', month({}))).toBe(
      'SMS this month: 0 sent · 0 delivered · 0 failed · ₦0.00 spent, no budget',
    );
  });
});

describe('channelSummary', () => {
  it('marks the failed figure as the one that opens the failed messages, only when there are some', () => {
    const { heading, parts } = channelSummary('sms', month({ messages: 5, delivered: 3, failed: 2 }));
    expect(heading).toBe('SMS this month');
    expect(parts.filter((part) => part.failed)).toEqual([{ text: '2 failed', failed: true }]);
    expect(channelSummary('sms', month({ messages: 5, delivered: 5 })).parts.some((part) => part.failed)).toBe(false);
  });
});
