import type { MyPhone } from '@schoolledger/domain';
import { describe, expect, it } from 'vitest';
import { phoneColumnsOf } from '@/features/notifications/lib/phone-columns';

const consent = (channel: 'sms' | 'whatsapp', withdrawnAt: string | null) => ({
  channel,
  phone: '0803 555 0101',
  optedInAt: '2026-01-05T09:00:00.000Z',
  method: 'web' as const,
  recordedBy: null,
  wording: 'I agree',
  withdrawnAt,
});
const phone = (overrides: Partial<MyPhone>): MyPhone => ({
  phone: '0803 555 0101',
  verified: true,
  channelsAvailable: ['sms', 'whatsapp'],
  wording: { sms: 'I agree', whatsapp: 'I agree' },
  consents: [],
  pendingPhone: null,
  codeExpiresAt: null,
  demoInboxUrl: null,
  ...overrides,
});

describe('the SMS and WhatsApp columns of notification preferences', () => {
  it('can be used on each channel the person agreed to at their confirmed phone', () => {
    const columns = phoneColumnsOf(
      phone({ consents: [consent('sms', null), consent('whatsapp', '2026-01-06T09:00:00.000Z')] }),
      false,
    );
    expect(columns.sms).toEqual({ usable: true, reason: null });
    expect(columns.whatsapp).toEqual({
      usable: false,
      reason: 'You have not agreed to WhatsApp messages: agree to them in your Profile.',
    });
  });

  it('cannot be used before the phone is confirmed, with one reason for both', () => {
    const columns = phoneColumnsOf(phone({ verified: false, consents: [consent('sms', null)] }), false);
    expect(columns.sms).toEqual(columns.whatsapp);
    expect(columns.sms).toEqual({
      usable: false,
      reason: 'SMS and WhatsApp need a confirmed phone: confirm your number in your Profile.',
    });
  });

  it('waits for the phone without a reason, and says so when it cannot be read', () => {
    expect(phoneColumnsOf(undefined, false).sms).toEqual({ usable: false, reason: null });
    expect(phoneColumnsOf(undefined, true).sms.reason).toMatch(/could not check your phone/);
  });
});
