import {
  PAYER_METHODS,
  type PayerMethod,
  type PaymentProfile,
  type PaymentProfileInput,
  paymentProfileInputSchema,
} from '@schoolledger/domain';
import type { z } from 'zod';

export type ProfileFormValues = z.input<typeof paymentProfileInputSchema>;
export type ProfileFormOutput = z.output<typeof paymentProfileInputSchema>;

/** The minimum installment field holds naira, as typed; the codec turns it to and from the API's kobo. */
const minimumCodec = paymentProfileInputSchema.shape.minimum_installment_amount;

/** Secrets start empty: the API never returns them, and an empty field keeps the stored one. */
export function toFormValues(profile: PaymentProfile): ProfileFormValues {
  return {
    school_id: profile.school._id,
    ps_public_key: profile.ps_public_key ?? '',
    ps_secret_key: '',
    activate_ps: profile.activate_ps,
    fw_public_key: profile.fw_public_key ?? '',
    fw_secret_key: '',
    fw_secret_hash: '',
    activate_fw: profile.activate_fw,
    activate_bank_transfer: profile.activate_bank_transfer,
    activate_cash: profile.activate_cash,
    account_no: profile.account_no ?? '',
    account_name: profile.account_name ?? '',
    bank_name: profile.bank_name ?? '',
    default_payment_method: profile.default_payment_method,
    enable_installments: profile.enable_installments,
    minimum_installment_amount: minimumCodec.encode(profile.minimum_installment_amount),
    auto_apply_credit: profile.auto_apply_credit,
    clear_ps_secret_key: false,
    clear_fw_secret_key: false,
    clear_fw_secret_hash: false,
  };
}

const SECRETS = ['ps_secret_key', 'fw_secret_key', 'fw_secret_hash'] as const;

/**
 * The form sends every field it shows. Secrets left empty (the form never holds a stored one) are
 * left out so the stored ones stay; a secret being removed is sent only as its `clear_*` flag.
 */
export function toInput(values: ProfileFormOutput): PaymentProfileInput {
  const input: PaymentProfileInput = {
    ...values,
    minimum_installment_amount: minimumCodec.encode(values.minimum_installment_amount),
  };
  for (const key of SECRETS) {
    if (!input[key] || input[`clear_${key}`]) delete input[key];
  }
  return input;
}

type MethodFlags = Pick<ProfileFormValues, 'activate_ps' | 'activate_fw' | 'activate_bank_transfer' | 'activate_cash'>;

export function enabledMethods(flags: MethodFlags): PayerMethod[] {
  const on: Record<PayerMethod, boolean | undefined> = {
    paystack: flags.activate_ps,
    flutterwave: flags.activate_fw,
    bank_transfer: flags.activate_bank_transfer,
    cash: flags.activate_cash,
  };
  return PAYER_METHODS.filter((method) => on[method]);
}

export const CONFIG_TABS = [
  ['paystack', 'Paystack'],
  ['flutterwave', 'Flutterwave'],
  ['bank', 'Bank Transfer'],
  ['settings', 'Settings'],
  ['analytics', 'Analytics'],
] as const;

export type ConfigTab = (typeof CONFIG_TABS)[number][0];

/** Which tab holds a field, so an error on another tab can be shown. */
export function tabOfField(field: string): ConfigTab {
  if (field.startsWith('ps_') || field.endsWith('_ps') || field === 'clear_ps_secret_key') return 'paystack';
  if (field.startsWith('fw_') || field.endsWith('_fw') || field.startsWith('clear_fw')) return 'flutterwave';
  if (['account_no', 'account_name', 'bank_name', 'activate_bank_transfer'].includes(field)) return 'bank';
  return 'settings';
}
