import {
  DEFAULT_MESSAGING_SETTINGS,
  type MessagingSettingsResponse,
  messagingSettingsSchema,
} from '@schoolledger/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { settingsFormSchema, toFormValues, toSettingsInput } from '@/features/messaging/lib/settings-form';

const saved: MessagingSettingsResponse = {
  channels: DEFAULT_MESSAGING_SETTINGS.channels,
  monthlyBudgetKobo: { sms: '500050', whatsapp: null },
  quietHours: null,
  smsSenderId: 'CRESTVIEW',
  spentThisMonthKobo: { sms: '12300', whatsapp: '0' },
};

describe('the settings form', () => {
  it('shows budgets in naira, no budget as empty, and quiet hours off with the default times kept', () => {
    const values = toFormValues(saved);
    expect(values.monthlyBudgetNaira).toEqual({ sms: '5000.50', whatsapp: '' });
    expect(values.quietHoursOn).toBe(false);
    expect(values.quietHours).toEqual({ start: '20:00', end: '08:00' });
    expect(values.smsSenderId).toBe('CRESTVIEW');
    expect(Object.keys(values.channels)).toEqual(Object.keys(DEFAULT_MESSAGING_SETTINGS.channels));
  });

  it('makes the request the server reads: empty budgets are none, quiet hours only when on', () => {
    const values = { ...toFormValues(saved), monthlyBudgetNaira: { sms: ' 2500 ', whatsapp: '' } };
    expect(toSettingsInput(values)).toMatchObject({
      monthlyBudgetNaira: { sms: '2500', whatsapp: null },
      quietHours: null,
    });
    expect(toSettingsInput({ ...values, quietHoursOn: true }).quietHours).toEqual({ start: '20:00', end: '08:00' });
  });

  it('sends the budgets as naira once checked', () => {
    const checked = settingsFormSchema.parse({ ...toFormValues(saved), quietHoursOn: true });
    expect(checked.monthlyBudgetNaira).toEqual({ sms: 500_050n, whatsapp: null });
    expect(z.encode(messagingSettingsSchema, checked)).toMatchObject({
      monthlyBudgetNaira: { sms: 5000.5, whatsapp: null },
      quietHours: { start: '20:00', end: '08:00' },
    });
  });

  it("puts the domain's messages under the form's own fields", () => {
    const result = settingsFormSchema.safeParse({
      ...toFormValues(saved),
      monthlyBudgetNaira: { sms: '0', whatsapp: 'ten' },
      quietHoursOn: true,
      quietHours: { start: '21:00', end: '21:00' },
      smsSenderId: 'no spaces please',
    });
    expect(result.success).toBe(false);
    const byPath = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(byPath).toEqual({
      'monthlyBudgetNaira.sms': 'A monthly budget must be more than ₦0; leave it empty for no budget',
      'monthlyBudgetNaira.whatsapp': 'Enter an amount in naira with at most two decimal places',
      'quietHours.end': 'Quiet hours must end at another time than they start; to have none, turn them off',
      smsSenderId: 'Sender ID must be 3 to 11 letters or digits',
    });
  });

  it('ignores the times while quiet hours are off', () => {
    const result = settingsFormSchema.safeParse({ ...toFormValues(saved), quietHours: { start: '', end: '' } });
    expect(result.success).toBe(true);
    expect(result.data?.quietHours).toBeNull();
  });
});
