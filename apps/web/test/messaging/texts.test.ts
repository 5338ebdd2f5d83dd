import type { OutboxMessage } from '@schoolledger/domain';
import { describe, expect, it } from 'vitest';
import {
  CHANNEL_FILTERS,
  costText,
  MESSAGE_KIND_LABELS,
  parseChannelFilter,
  parseMessagingTab,
  parseStatusFilter,
  STATUS_FILTERS,
  statusBadge,
} from '@/features/messaging/lib/texts';

const message = (changes: Partial<Pick<OutboxMessage, 'status' | 'statusReason' | 'heldUntil'>>) => ({
  status: 'queued' as OutboxMessage['status'],
  statusReason: null,
  heldUntil: null,
  ...changes,
});

describe('statusBadge', () => {
  it('says how far each message got', () => {
    expect(statusBadge(message({ status: 'queued' }))).toEqual({ label: 'Queued', variant: 'gray', reason: null });
    expect(statusBadge(message({ status: 'delivered' })).label).toBe('Delivered');
    expect(statusBadge(message({ status: 'read' })).variant).toBe('green');
  });

  it('gives the reason of a failed or skipped message, and says when none was given', () => {
    expect(statusBadge(message({ status: 'failed', statusReason: 'Number not on WhatsApp' }))).toEqual({
      label: 'Failed',
      variant: 'red',
      reason: 'Number not on WhatsApp',
    });
    expect(statusBadge(message({ status: 'skipped' })).reason).toBe('No reason was given');
    expect(statusBadge(message({ status: 'sent', statusReason: 'ignored' })).reason).toBeNull();
  });

  it('says until when a held message waits, in Lagos time', () => {
    // 07:00 UTC is 08:00 in Lagos.
    expect(statusBadge(message({ status: 'held', heldUntil: '2026-11-22T07:00:00.000Z' })).label).toBe(
      'Held until 08:00',
    );
    expect(statusBadge(message({ status: 'held', heldUntil: '2026-11-22T05:30:00.000Z' })).label).toBe(
      'Held until 06:30',
    );
    expect(statusBadge(message({ status: 'held' })).label).toBe('Held for quiet hours');
  });
});

describe('costText', () => {
  it("shows the provider's cost once reported, and an SMS's pages", () => {
    expect(costText({ channel: 'sms', costKobo: '1400', pages: 2 })).toBe('₦14.00 · 2 pages');
    expect(costText({ channel: 'sms', costKobo: null, pages: 1 })).toBe('1 page');
    expect(costText({ channel: 'whatsapp', costKobo: null, pages: null })).toBe('—');
    expect(costText({ channel: 'whatsapp', costKobo: '1100', pages: null })).toBe('₦11.00');
  });
});

describe('labels and filters', () => {
  it('names every kind the outbox carries', () => {
    expect(MESSAGE_KIND_LABELS.payment_succeeded).toBe('Receipts');
    expect(MESSAGE_KIND_LABELS.phone_code).toBe('Number confirmation code');
  });

  it('offers every status and channel, and reads only those from the address', () => {
    expect(STATUS_FILTERS.map(([value]) => value)).toEqual([
      'all',
      'queued',
      'held',
      'sending',
      'interrupted',
      'sent',
      'delivered',
      'read',
      'failed',
      'skipped',
    ]);
    expect(CHANNEL_FILTERS.map(([, label]) => label)).toEqual(['All channels', 'Email', 'SMS', 'WhatsApp']);
    expect(parseStatusFilter('failed')).toBe('failed');
    expect(parseStatusFilter('lost')).toBeUndefined();
    expect(parseChannelFilter('whatsapp')).toBe('whatsapp');
    expect(parseChannelFilter('email')).toBe('email');
    expect(parseChannelFilter('fax')).toBeUndefined();
    expect(parseMessagingTab('settings')).toBe('settings');
    expect(parseMessagingTab('other')).toBeUndefined();
  });
});
