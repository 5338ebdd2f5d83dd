import {
  DEFAULT_MESSAGING_SETTINGS,
  koboToDecimal,
  MESSAGE_NOTICE_KINDS,
  type MessagingSettingsInput,
  type MessagingSettingsResponse,
  messagingSettingsSchema,
} from '@schoolledger/domain';
import type { Path } from 'react-hook-form';
import { z } from 'zod';

/**
 * What the Settings tab edits: the saved settings, with budgets as the naira typed (empty: no
 * budget) and quiet hours as a switch beside their times, so turning them off and on again keeps
 * the times.
 */
export interface SettingsFormValues {
  channels: MessagingSettingsInput['channels'];
  monthlyBudgetNaira: { sms: string; whatsapp: string };
  quietHoursOn: boolean;
  quietHours: { start: string; end: string };
  smsSenderId: string;
}

const nairaOf = (kobo: string | null) => (kobo === null ? '' : koboToDecimal(BigInt(kobo)));

/** The form as the server's settings fill it; every kind is there, in the domain's order. */
export function toFormValues(saved: MessagingSettingsResponse): SettingsFormValues {
  return {
    channels: Object.fromEntries(
      MESSAGE_NOTICE_KINDS.map((kind) => [kind, { ...(saved.channels[kind] ?? { sms: false, whatsapp: false }) }]),
    ) as SettingsFormValues['channels'],
    monthlyBudgetNaira: {
      sms: nairaOf(saved.monthlyBudgetKobo.sms),
      whatsapp: nairaOf(saved.monthlyBudgetKobo.whatsapp),
    },
    quietHoursOn: saved.quietHours !== null,
    quietHours: saved.quietHours ?? DEFAULT_MESSAGING_SETTINGS.quietHours!,
    smsSenderId: saved.smsSenderId,
  };
}

/** The request the form's values make, before the domain's schema checks it. */
export function toSettingsInput(values: SettingsFormValues): MessagingSettingsInput {
  const budget = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    channels: values.channels,
    monthlyBudgetNaira: {
      sms: budget(values.monthlyBudgetNaira.sms),
      whatsapp: budget(values.monthlyBudgetNaira.whatsapp),
    },
    quietHours: values.quietHoursOn ? values.quietHours : null,
    smsSenderId: values.smsSenderId,
  };
}

const formShape = z.object({
  channels: z.record(z.enum(MESSAGE_NOTICE_KINDS), z.object({ sms: z.boolean(), whatsapp: z.boolean() })),
  monthlyBudgetNaira: z.object({ sms: z.string(), whatsapp: z.string() }),
  quietHoursOn: z.boolean(),
  quietHours: z.object({ start: z.string(), end: z.string() }),
  smsSenderId: z.string(),
});

/**
 * The form checked by the very schema the server reads (same messages), its errors landing on the
 * form's fields: the request's paths are the form's own (`monthlyBudgetNaira.sms`, `quietHours.end`).
 */
export const settingsFormSchema = formShape.transform(toSettingsInput).pipe(messagingSettingsSchema);

/** The fields a 422 from the server may name, and the one a whole-window error goes under. */
export const SETTINGS_FIELDS = [
  'monthlyBudgetNaira.sms',
  'monthlyBudgetNaira.whatsapp',
  'quietHours.start',
  'quietHours.end',
  'smsSenderId',
] as const satisfies readonly Path<SettingsFormValues>[];

export const SETTINGS_RENAMED: ReadonlyMap<string, Path<SettingsFormValues>> = new Map([
  ['quietHours', 'quietHours.start'],
  ['monthlyBudgetNaira', 'monthlyBudgetNaira.sms'],
]);
