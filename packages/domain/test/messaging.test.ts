import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bulkMessagePreviewSchema,
  confirmPhoneSchema,
  consentWording,
  DEFAULT_MESSAGING_SETTINGS,
  displayPhone,
  estimateMessageCost,
  giveConsentSchema,
  MESSAGE_NOTICE_KIND_LABELS,
  MESSAGE_NOTICE_KINDS,
  messagingSettingsResponseSchema,
  messagingSettingsSchema,
  monthOfLagos,
  NOTIFICATION_KINDS,
  outboxMessageSchema,
  PHONE_MESSAGE,
  phoneConsentSchema,
  quietHoursHold,
  RECEIPT_KINDS,
  startPhoneVerificationSchema,
} from '../src/index.js';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('what phone channels carry', () => {
  it('offers a family’s money notices, each with the label a school reads', () => {
    expect(NOTIFICATION_KINDS).toEqual(expect.arrayContaining([...MESSAGE_NOTICE_KINDS]));
    expect(MESSAGE_NOTICE_KINDS.map((kind) => MESSAGE_NOTICE_KIND_LABELS[kind])).toEqual([
      'Receipts',
      'Transfer confirmations',
      'Refunds',
      'Reminders',
      'Late fees',
      'New fees',
      'Announcements',
    ]);
    expect(RECEIPT_KINDS).toEqual(['payment_succeeded', 'transfer_confirmed', 'refund']);
  });

  it('words the consent with the channel, the school, the number, the cost and the way out', () => {
    expect(consentWording({ channel: 'sms', schoolName: 'Greenfield College ', phone: '2348031234567' })).toBe(
      'I agree that Greenfield College may send receipts, reminders and notices about fees to my number ' +
        '0803 123 4567 by SMS. They cost me nothing, and I can stop them at any time by replying STOP or by ' +
        'turning them off in my Profile.',
    );
    fc.assert(
      fc.property(
        fc.constantFrom('sms' as const, 'whatsapp' as const),
        fc.stringMatching(/^[A-Z][a-z]{2,15}( [A-Z][a-z]{2,15}){0,3}$/),
        (channel, schoolName) => {
          const wording = consentWording({ channel, schoolName, phone: '+234 909 876 5432' });
          expect(wording).toContain(`${schoolName} may send`);
          expect(wording).toContain(`0909 876 5432 ${channel === 'sms' ? 'by SMS' : 'on WhatsApp'}.`);
          expect(wording).toContain('cost me nothing');
          expect(wording).toContain('replying STOP');
          expect(wording).toContain('Profile');
          expect(wording.split('. ')).toHaveLength(2);
        },
      ),
    );
  });
});

describe('quiet hours', () => {
  const night = { start: '20:00', end: '08:00' };

  it('holds a message sent at night until 08:00 Lagos, and lets the day through', () => {
    // Lagos is UTC+1: 20:00 Lagos is 19:00Z.
    expect(quietHoursHold(new Date('2026-11-21T18:59:59Z'), night)).toBeNull();
    expect(quietHoursHold(new Date('2026-11-21T19:00:00Z'), night)).toEqual(new Date('2026-11-22T07:00:00Z'));
    expect(quietHoursHold(new Date('2026-11-21T23:30:00Z'), night)).toEqual(new Date('2026-11-22T07:00:00Z'));
    expect(quietHoursHold(new Date('2026-11-22T06:59:59Z'), night)).toEqual(new Date('2026-11-22T07:00:00Z'));
    expect(quietHoursHold(new Date('2026-11-22T07:00:00Z'), night)).toBeNull();
    expect(quietHoursHold(new Date('2026-12-31T22:00:00Z'), night)).toEqual(new Date('2027-01-01T07:00:00Z'));
  });

  it('holds within a window of the same day, and not at all without a window', () => {
    const lunch = { start: '13:00', end: '14:00' };
    expect(quietHoursHold(new Date('2026-11-21T11:59:00Z'), lunch)).toBeNull();
    expect(quietHoursHold(new Date('2026-11-21T12:30:00Z'), lunch)).toEqual(new Date('2026-11-21T13:00:00Z'));
    expect(quietHoursHold(new Date('2026-11-21T13:00:00Z'), lunch)).toBeNull();
    expect(quietHoursHold(new Date('2026-11-21T23:30:00Z'), null)).toBeNull();
    expect(quietHoursHold(new Date('2026-11-21T23:30:00Z'), { start: '08:00', end: '08:00' })).toBeNull();
  });

  it('holds exactly what is left of the window (less than a day), to an instant outside it', () => {
    const time = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => ({ minutes: h * 60 + m, text: `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}` }));
    fc.assert(
      fc.property(
        time,
        time,
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.integer({ min: 0, max: DAY - 1 }),
        (start, end, day, sinceStart) => {
          fc.pre(start.minutes !== end.minutes);
          const quiet = { start: start.text, end: end.text };
          const window = ((end.minutes - start.minutes + 1440) % 1440) * 60_000;
          // A Lagos midnight (23:00Z), then the window's start, then up to a day on.
          const midnight = Math.floor(day.getTime() / DAY) * DAY - HOUR;
          const at = new Date(midnight + start.minutes * 60_000 + sinceStart);
          const hold = quietHoursHold(at, quiet);
          expect(hold?.getTime() ?? null).toBe(sinceStart < window ? at.getTime() + window - sinceStart : null);
          expect(hold && quietHoursHold(hold, quiet)).toBeNull();
        },
      ),
    );
  });

  it('counts spending in the Lagos month', () => {
    expect(monthOfLagos(new Date('2026-11-30T22:59:59Z'))).toBe('2026-11');
    expect(monthOfLagos(new Date('2026-11-30T23:00:00Z'))).toBe('2026-12');
  });

  it('estimates SMS by the page and WhatsApp by the message', () => {
    expect(estimateMessageCost({ channel: 'sms', pages: 1 })).toBe(700n);
    expect(estimateMessageCost({ channel: 'sms', pages: 2 })).toBe(1_400n);
    expect(estimateMessageCost({ channel: 'whatsapp', pages: 1 })).toBe(1_100n);
    expect(estimateMessageCost({ channel: 'whatsapp', pages: 3 })).toBe(1_100n);
  });
});

describe('messaging settings', () => {
  it('starts a school with receipts everywhere, reminders by SMS, quiet nights and no budget', () => {
    expect(messagingSettingsSchema.parse(DEFAULT_MESSAGING_SETTINGS)).toEqual(DEFAULT_MESSAGING_SETTINGS);
    expect(DEFAULT_MESSAGING_SETTINGS.channels).toEqual({
      payment_succeeded: { sms: true, whatsapp: true },
      transfer_confirmed: { sms: true, whatsapp: true },
      refund: { sms: true, whatsapp: true },
      payment_reminder: { sms: true, whatsapp: false },
      late_fee: { sms: true, whatsapp: false },
      fee_assigned: { sms: false, whatsapp: false },
      system: { sms: false, whatsapp: false },
    });
    expect(DEFAULT_MESSAGING_SETTINGS.quietHours).toEqual({ start: '20:00', end: '08:00' });
  });

  it('reads budgets in naira exactly, as kobo', () => {
    const saved = messagingSettingsSchema.parse({
      ...DEFAULT_MESSAGING_SETTINGS,
      monthlyBudgetNaira: { sms: '5000.50', whatsapp: null },
      smsSenderId: ' GreenfldC ',
    });
    expect(saved.monthlyBudgetNaira).toEqual({ sms: 500_050n, whatsapp: null });
    expect(saved.smsSenderId).toBe('GreenfldC');
    expect(
      messages(
        messagingSettingsSchema.safeParse({
          ...DEFAULT_MESSAGING_SETTINGS,
          monthlyBudgetNaira: { sms: 0, whatsapp: 1.005 },
        }),
      ),
    ).toEqual([
      ['monthlyBudgetNaira.sms', 'A monthly budget must be more than ₦0; leave it empty for no budget'],
      ['monthlyBudgetNaira.whatsapp', 'Enter an amount in naira with at most two decimal places'],
    ]);
  });

  it('tells an ICT administrator what is wrong with a sender ID or quiet hours', () => {
    const check = (change: object) =>
      messages(messagingSettingsSchema.safeParse({ ...DEFAULT_MESSAGING_SETTINGS, ...change }));
    for (const smsSenderId of ['GF', 'Greenfield Col', 'Green-field', 'GreenfieldCol']) {
      expect(check({ smsSenderId })).toEqual([['smsSenderId', 'Sender ID must be 3 to 11 letters or digits']]);
    }
    expect(check({ smsSenderId: '2348031' })).toEqual([['smsSenderId', 'Sender ID needs at least one letter']]);
    expect(check({ smsSenderId: '' })).toEqual([]);
    expect(check({ quietHours: { start: '20:00' } })).toEqual([
      ['quietHours.end', 'Quiet hours need a start and an end'],
    ]);
    expect(check({ quietHours: { start: '', end: '08:00' } })).toEqual([
      ['quietHours.start', 'Quiet hours need a start and an end'],
    ]);
    expect(check({ quietHours: { start: '8pm', end: '24:00' } })).toEqual([
      ['quietHours.start', 'Use a time such as 20:00 (24-hour clock)'],
      ['quietHours.end', 'Use a time such as 20:00 (24-hour clock)'],
    ]);
    expect(check({ quietHours: { start: '08:00', end: '08:00' } })).toEqual([
      ['quietHours.end', 'Quiet hours must end at another time than they start; to have none, turn them off'],
    ]);
    expect(check({ quietHours: null })).toEqual([]);
  });

  it('refuses settings that leave out a kind of notice rather than reading it as off', () => {
    const { system: _left, ...channels } = DEFAULT_MESSAGING_SETTINGS.channels;
    expect(
      messages(messagingSettingsSchema.safeParse({ ...DEFAULT_MESSAGING_SETTINGS, channels })).map(([path]) => path),
    ).toEqual(['channels.system']);
  });

  it('answers with budgets and spending in kobo as text', () => {
    const { channels, quietHours, smsSenderId } = DEFAULT_MESSAGING_SETTINGS;
    const response = {
      channels,
      quietHours,
      smsSenderId,
      monthlyBudgetKobo: { sms: '500000', whatsapp: null },
      spentThisMonthKobo: { sms: '14000', whatsapp: '0' },
    };
    expect(messagingSettingsResponseSchema.parse(response).spentThisMonthKobo).toEqual({ sms: '14000', whatsapp: '0' });
    expect(
      messagingSettingsResponseSchema.safeParse({ ...response, spentThisMonthKobo: { sms: 140, whatsapp: '0' } })
        .success,
    ).toBe(false);
  });
});

describe('phone and consent requests', () => {
  it('reads the phone to verify in any usual form, and says how to write one that is not Nigerian mobile', () => {
    expect(startPhoneVerificationSchema.parse({ phone: '0803 123 4567' })).toEqual({ phone: '2348031234567' });
    expect(messages(startPhoneVerificationSchema.safeParse({ phone: '01 234 5678' }))).toEqual([
      ['phone', PHONE_MESSAGE],
    ]);
    expect(PHONE_MESSAGE).toBe('Enter a Nigerian mobile number, such as 0803 123 4567');
  });

  it('takes a six-digit code, and the channel and wording of a consent', () => {
    expect(confirmPhoneSchema.parse({ code: ' 123456 ' })).toEqual({ code: '123456' });
    expect(messages(confirmPhoneSchema.safeParse({ code: '12345' }))).toEqual([
      ['code', 'Enter the 6-digit code we sent'],
    ]);
    const wording = consentWording({ channel: 'whatsapp', schoolName: 'Greenfield College', phone: '2348031234567' });
    expect(giveConsentSchema.parse({ channel: 'whatsapp', wording })).toEqual({ channel: 'whatsapp', wording });
    expect(messages(giveConsentSchema.safeParse({ channel: 'email', wording }))).toEqual([
      ['channel', 'Choose SMS or WhatsApp'],
    ]);
  });

  it('describes a consent, an outbox message and a bulk preview on the wire', () => {
    const person = { id: '3f1c7a52-2b1e-4f61-9a53-6a8f2d3c9b10', name: 'Bisi Bursar' };
    expect(
      phoneConsentSchema.parse({
        channel: 'sms',
        phone: displayPhone('2348031234567'),
        optedInAt: '2026-11-21T10:00:00.000Z',
        method: 'in_person',
        recordedBy: person,
        wording: 'I agree…',
        withdrawnAt: null,
      }).recordedBy,
    ).toEqual(person);
    const message = {
      id: person.id,
      channel: 'sms',
      kind: 'phone_code',
      to: '0803 *** 4567',
      subject: null,
      body: 'Your SchoolLedger code is 123456. It expires in 10 minutes. Do not share it.',
      status: 'delivered',
      statusReason: null,
      heldUntil: null,
      costKobo: '700',
      pages: 1,
      attempts: 1,
      createdAt: '2026-11-21T10:00:00.000Z',
      sentAt: '2026-11-21T10:00:01.000Z',
      deliveredAt: '2026-11-21T10:00:05.000Z',
      readAt: null,
      failedAt: null,
      recipient: person,
      schoolId: null,
    };
    expect(outboxMessageSchema.parse(message)).toEqual(message);
    expect(outboxMessageSchema.safeParse({ ...message, status: 'bounced' }).success).toBe(false);
    // A notice's email is a message of the same outbox, with its subject.
    const email = {
      ...message,
      channel: 'email',
      kind: 'payment_succeeded',
      to: 'a•••@example.ng',
      subject: 'Payment Confirmation - Tuition',
    };
    expect(outboxMessageSchema.parse(email)).toEqual(email);
    expect(outboxMessageSchema.safeParse({ ...email, channel: 'fax' }).success).toBe(false);
    const preview = {
      families: 120,
      messages: { sms: 118, whatsapp: 40 },
      pages: 236,
      estimatedCostKobo: { sms: '165200', whatsapp: '44000' },
      budgetLeftKobo: { sms: '100000', whatsapp: null },
      heldForQuietHoursUntil: '2026-11-22T07:00:00.000Z',
      overBudget: true,
    };
    expect(bulkMessagePreviewSchema.parse(preview)).toEqual(preview);
  });
});
