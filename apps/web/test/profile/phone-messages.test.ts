import { ERROR_CODES, type MyPhone, type PhoneConsent } from '@schoolledger/domain';
import { describe, expect, it } from 'vitest';
import {
  agreementText,
  channelRows,
  consentInForce,
  isCodeExpired,
  isRateLimited,
  pendingCode,
  turnOnLabel,
} from '@/features/profile/lib/phone-messages';
import { ApiError } from '@/lib/api-client';

const consent = (changes: Partial<PhoneConsent>): PhoneConsent => ({
  channel: 'sms',
  phone: '0803 123 4509',
  optedInAt: '2026-11-01T09:00:00.000Z',
  method: 'web',
  recordedBy: null,
  wording: 'I agree…',
  withdrawnAt: null,
  ...changes,
});

const phone = (changes: Partial<MyPhone>): MyPhone => ({
  phone: '0803 123 4509',
  verified: true,
  channelsAvailable: ['sms', 'whatsapp'],
  wording: { sms: 'I agree by SMS', whatsapp: 'I agree on WhatsApp' },
  consents: [],
  pendingPhone: null,
  codeExpiresAt: null,
  demoInboxUrl: null,
  ...changes,
});

describe('the channels a person is offered', () => {
  it('lists the channels the server can send on, each with the agreement in force', () => {
    const on = consent({ channel: 'whatsapp' });
    const rows = channelRows(
      phone({ consents: [on, consent({ channel: 'sms', withdrawnAt: '2026-11-02T09:00:00.000Z' })] }),
    );
    expect(rows).toEqual([
      { channel: 'sms', available: true, consent: undefined },
      { channel: 'whatsapp', available: true, consent: on },
    ]);
  });

  it('keeps a channel the person is still on, so they can turn it off, and offers none when nothing can be sent', () => {
    const on = consent({ channel: 'sms' });
    expect(channelRows(phone({ channelsAvailable: ['whatsapp'], consents: [on] })).map((row) => row.channel)).toEqual([
      'sms',
      'whatsapp',
    ]);
    expect(channelRows(phone({ channelsAvailable: [] }))).toEqual([]);
  });

  it('reads the newest agreement not withdrawn as the one in force', () => {
    const newest = consent({ optedInAt: '2026-11-05T09:00:00.000Z' });
    expect(consentInForce(phone({ consents: [newest, consent({ withdrawnAt: '2026-11-04T00:00:00Z' })] }), 'sms')).toBe(
      newest,
    );
    expect(consentInForce(phone({ consents: [newest] }), 'whatsapp')).toBeUndefined();
  });
});

describe('the code sent to a number', () => {
  const at = Date.parse('2026-11-21T10:00:00.000Z');

  it('is waiting until it expires', () => {
    const sent = phone({ pendingPhone: '0803 123 4509', codeExpiresAt: '2026-11-21T10:10:00.000Z' });
    expect(pendingCode(sent, at)).toEqual({
      phone: '0803 123 4509',
      expiresAt: '2026-11-21T10:10:00.000Z',
      expired: false,
    });
    expect(pendingCode(sent, at + 10 * 60_000)?.expired).toBe(true);
    expect(pendingCode(phone({}), at)).toBeNull();
  });

  it('tells a code asked for too often and an expired one from other refusals', () => {
    expect(isRateLimited(new ApiError(429, 'Too many', [], 'Too many', ERROR_CODES.rateLimited))).toBe(true);
    expect(isRateLimited(new ApiError(422, 'Bad'))).toBe(false);
    expect(isCodeExpired(new ApiError(422, 'Expired', [], 'Expired', ERROR_CODES.phoneCodeExpired))).toBe(true);
    expect(isCodeExpired(new ApiError(422, 'Wrong', [], 'Wrong', ERROR_CODES.phoneCodeWrong))).toBe(false);
  });
});

describe('wording', () => {
  it('names the button after the channel it turns on', () => {
    expect(turnOnLabel('sms')).toBe('Agree and turn on SMS');
    expect(turnOnLabel('whatsapp')).toBe('Agree and turn on WhatsApp');
  });

  it('says how an agreement was given, and who recorded one given on paper or in person', () => {
    expect(agreementText(consent({}))).toBe('Agreed on the web');
    expect(agreementText(consent({ method: 'paper', recordedBy: { id: 'x', name: 'Adaeze Eze' } }))).toBe(
      'Agreed on paper, recorded by Adaeze Eze',
    );
  });
});
