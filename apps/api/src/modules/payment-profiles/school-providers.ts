import type { OnlineMethod } from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import { sha256 } from '../../lib/hash.js';
import { decryptSecret } from '../../lib/secrets.js';
import type { PaymentProvider } from '../providers/provider.js';
import { providerWith } from '../providers/resolve.js';
import { findPaymentProfile, type PaymentProfileRow } from './payment-profiles.queries.js';

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

const methodActive = (profile: PaymentProfileRow, method: OnlineMethod) =>
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
  const stored = method === 'paystack' ? profile?.psSecretKeyEnc : profile?.fwSecretKeyEnc;
  const own = stored
    ? {
        secretKey: readSecret(ctx, stored),
        secretHash: method === 'flutterwave' ? readSecret(ctx, profile?.fwSecretHashEnc ?? null) : null,
      }
    : null;
  return providerWith(ctx.config, method, own);
}

/**
 * Which account `providerFromProfile` would take the money into, as a comparable key (a digest
 * of the secret key): a family checkout is one transaction, so its schools must share it.
 */
export function providerAccountKey(
  ctx: AppContext,
  profile: PaymentProfileRow | null,
  method: OnlineMethod,
): string | null {
  const stored = method === 'paystack' ? profile?.psSecretKeyEnc : profile?.fwSecretKeyEnc;
  const config = method === 'paystack' ? ctx.config.paystack : ctx.config.flutterwave;
  const secret = stored ? readSecret(ctx, stored) : config.secretKey;
  // A digest, so the key compared (and anything that might one day print it) is never the secret.
  return secret ? sha256(secret) : null;
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

/** Whether a profile holds the school's own keys of `method` (for Flutterwave, the secret hash too, which signs its notices). */
export const hasOwnKeys = (profile: PaymentProfileRow | null | undefined, method: OnlineMethod) =>
  method === 'paystack'
    ? Boolean(profile?.psSecretKeyEnc)
    : Boolean(profile?.fwSecretKeyEnc && profile.fwSecretHashEnc);

/**
 * The school's own account at `method`, or `null` when it saved no keys (or they cannot be read).
 * What belongs to the school's own business (families' accounts, settlements to its bank) is
 * opened, asked after and checked only with its own keys, never the app-wide account's: money
 * sent to an account goes to the business that opened it.
 */
export async function schoolOwnProvider(
  ctx: AppContext,
  schoolId: string,
  method: OnlineMethod,
): Promise<PaymentProvider | null> {
  const profile = await findPaymentProfile(ctx.db, schoolId);
  if (!hasOwnKeys(profile, method)) return null;
  return providerFromProfile(ctx, profile, method, { includeSwitchedOff: true });
}
