import { describe, expect, it } from 'vitest';
import { reminderHistoryText } from '@/features/forecast/lib/reminder-history';
import { formatDateTime } from '@/lib/dates';

describe('a debtor’s reminder history', () => {
  it('says how often, when last and by which channels, or that they never were', () => {
    const at = '2026-11-12T08:14:00.000Z';
    expect(reminderHistoryText({ days: 0, last_at: null, channels: [] })).toBe('Not reminded yet');
    expect(reminderHistoryText({ days: 1, last_at: at, channels: ['email'] })).toBe(
      `Reminded on 1 day, last ${formatDateTime(at)}, by email`,
    );
    expect(reminderHistoryText({ days: 3, last_at: at, channels: ['email', 'sms', 'whatsapp'] })).toBe(
      `Reminded on 3 days, last ${formatDateTime(at)}, by email, SMS and WhatsApp`,
    );
  });
});
