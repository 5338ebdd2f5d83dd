import type { OnlineMethod } from '@schoolledger/domain';
import type { AppContext } from '../../../app-context.js';
import { decryptSecret } from '../../../lib/secrets.js';
import { findPaymentProfile, type PaymentProfileRow } from '../../payment-profiles/payment-profiles.queries.js';
import { createFlutterwaveProvider } from './flutterwave.js';
import { createPaystackProvider } from './paystack.js';
import type { PaymentProvider } from './provider.js';

export interface ProviderOptions {
  /**
   * Settling, webhooks and refunds of payments already made still reach the account that took
   * them after the school switches the method off; only new payments need the switch on.
   */
  includeSwitchedOff?: boolean;
}

/** `null` when the stored value cannot be read (for instance after APP_SECRET changed). */
export function readSecret(ctx: AppContext, blob: string | null): string | null {
  if (!blob) return null;
  try {
    return decryptSecret(blob, ctx.encryptionKey);
  } catch {
    return null;
  }
}

export const methodActive = (profile: PaymentProfileRow, method: OnlineMethod) =>
  method === 'paystack' ? profile.activatePs : profile.activateFw;

/**
 * The provider account of a school, from a profile already loaded (or `null` when the school has
 * none). A school that saved its own keys uses them; otherwise the app-wide account from config
 * (the local fakes in the demo). A school with a profile takes a method only when it switched it
 * on; a school that never opened Payment Configuration uses the app-wide accounts as they are.
 */
export function providerFromProfile(
  ctx: AppContext,
  profile: PaymentProfileRow | null,
  method: OnlineMethod,
  options: ProviderOptions = {},
): PaymentProvider | null {
  if (profile && !options.includeSwitchedOff && !methodActive(profile, method)) return null;
  if (method === 'paystack') {
    const { baseUrl, secretKey: appKey } = ctx.config.paystack;
    const secretKey = profile?.psSecretKeyEnc ? readSecret(ctx, profile.psSecretKeyEnc) : (appKey ?? null);
    return secretKey ? createPaystackProvider({ baseUrl, secretKey }) : null;
  }
  const { baseUrl, secretKey: appKey, secretHash: appHash } = ctx.config.flutterwave;
  if (profile?.fwSecretKeyEnc) {
    const secretKey = readSecret(ctx, profile.fwSecretKeyEnc);
    // The hash belongs to the account: the school's own keys never pair with the app's hash.
    const secretHash = readSecret(ctx, profile.fwSecretHashEnc) ?? undefined;
    return secretKey ? createFlutterwaveProvider({ baseUrl, secretKey, secretHash }) : null;
  }
  return appKey ? createFlutterwaveProvider({ baseUrl, secretKey: appKey, secretHash: appHash }) : null;
}

/** The provider account a school's online payments use for `method`; `null` when it cannot take it. */
export async function providerFor(
  ctx: AppContext,
  schoolId: string,
  method: OnlineMethod,
  options: ProviderOptions = {},
): Promise<PaymentProvider | null> {
  return providerFromProfile(ctx, await findPaymentProfile(ctx.db, schoolId), method, options);
}

/** The app-wide account alone: webhooks whose reference we do not know are checked against it. */
export function appProvider(ctx: AppContext, method: OnlineMethod): PaymentProvider | null {
  return providerFromProfile(ctx, null, method);
}
