import type { PayerMethod, PaymentProfile } from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import { maskSecret } from '../../lib/secrets.js';
import type { PaymentProfileRow, SchoolRef } from './payment-profiles.queries.js';
import { readSecret } from './school-providers.js';

/**
 * What a school's payers get. With a saved profile, exactly what it says. Without one, the school
 * runs on the app's own accounts: an online method is on when the app has keys for it, and each
 * fee's own installment rule applies with no extra minimum.
 */
export interface EffectiveSettings {
  activatePs: boolean;
  activateFw: boolean;
  activateBankTransfer: boolean;
  activateCash: boolean;
  defaultPaymentMethod: PayerMethod;
  enableInstallments: boolean;
  minimumInstallmentKobo: bigint;
  autoApplyCredit: boolean;
}

export function effectiveSettings(ctx: AppContext, row: PaymentProfileRow | null): EffectiveSettings {
  if (row) return row;
  const activatePs = Boolean(ctx.config.paystack.secretKey);
  const activateFw = Boolean(ctx.config.flutterwave.secretKey);
  return {
    activatePs,
    activateFw,
    activateBankTransfer: false,
    activateCash: true,
    defaultPaymentMethod: activatePs ? 'paystack' : activateFw ? 'flutterwave' : 'cash',
    enableInstallments: true,
    minimumInstallmentKobo: 0n,
    autoApplyCredit: false,
  };
}

function masked(ctx: AppContext, blob: string | null): string | null {
  if (!blob) return null;
  const plain = readSecret(ctx, blob);
  return plain === null ? '••••••••' : maskSecret(plain);
}

/** SPEC §3 payment profile; secrets only ever leave masked. */
export function toPaymentProfile(ctx: AppContext, school: SchoolRef, row: PaymentProfileRow | null): PaymentProfile {
  const settings = effectiveSettings(ctx, row);
  const api = `${ctx.config.appUrl}/api/v1`;
  return {
    _id: row?.id ?? null,
    school: { _id: school.id, name: school.name },
    ps_public_key: row?.psPublicKey ?? null,
    ps_secret_key: masked(ctx, row?.psSecretKeyEnc ?? null),
    activate_ps: settings.activatePs,
    fw_public_key: row?.fwPublicKey ?? null,
    fw_secret_key: masked(ctx, row?.fwSecretKeyEnc ?? null),
    fw_secret_hash: masked(ctx, row?.fwSecretHashEnc ?? null),
    activate_fw: settings.activateFw,
    activate_bank_transfer: settings.activateBankTransfer,
    activate_cash: settings.activateCash,
    account_no: row?.accountNo ?? null,
    account_name: row?.accountName ?? null,
    bank_name: row?.bankName ?? null,
    default_payment_method: settings.defaultPaymentMethod,
    enable_installments: settings.enableInstallments,
    minimum_installment_amount: settings.minimumInstallmentKobo,
    auto_apply_credit: settings.autoApplyCredit,
    webhook_urls: {
      paystack: `${api}/payment/paystack/webhook`,
      flutterwave: `${api}/payment/flutterwave/webhook`,
    },
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}
