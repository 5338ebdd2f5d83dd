import type { OnlineMethod } from '@schoolledger/domain';
import type { AppConfig } from '../../config.js';
import { createFlutterwaveProvider } from './flutterwave.js';
import { createPaystackProvider } from './paystack.js';
import type { PaymentProvider } from './provider.js';

/**
 * A school's own account, its secrets already decrypted. Whoever stores the keys (the payment
 * profiles) reads them; this module only turns keys into a provider, so it depends on nobody.
 */
export interface ProviderAccount {
  /** `null` when the school's stored key cannot be read (for instance after APP_SECRET changed). */
  secretKey: string | null;
  /** Flutterwave's webhook hash; without it no webhook of the account is accepted. */
  secretHash?: string | null;
}

/**
 * The provider for `method` with the school's own account when it has one, else the app-wide
 * account from config (the local fakes in the demo); `null` when neither has a key.
 */
export function providerWith(
  config: Pick<AppConfig, 'paystack' | 'flutterwave'>,
  method: OnlineMethod,
  own: ProviderAccount | null,
): PaymentProvider | null {
  if (method === 'paystack') {
    const { baseUrl, secretKey: appKey } = config.paystack;
    const secretKey = own ? own.secretKey : (appKey ?? null);
    return secretKey ? createPaystackProvider({ baseUrl, secretKey }) : null;
  }
  const { baseUrl, secretKey: appKey, secretHash: appHash } = config.flutterwave;
  if (own) {
    // The hash belongs to the account: the school's own keys never pair with the app's hash.
    const secretHash = own.secretHash ?? undefined;
    return own.secretKey ? createFlutterwaveProvider({ baseUrl, secretKey: own.secretKey, secretHash }) : null;
  }
  return appKey ? createFlutterwaveProvider({ baseUrl, secretKey: appKey, secretHash: appHash }) : null;
}

/** The app-wide account alone: webhooks whose reference we do not know are checked against it. */
export function appProvider(config: Pick<AppConfig, 'paystack' | 'flutterwave'>, method: OnlineMethod) {
  return providerWith(config, method, null);
}

/** A provider on a key being tried out, with a short timeout: the administrator is waiting. */
export function providerForKeyTest(
  config: Pick<AppConfig, 'paystack' | 'flutterwave'>,
  method: OnlineMethod,
  secretKey: string,
): PaymentProvider {
  return method === 'paystack'
    ? createPaystackProvider({ baseUrl: config.paystack.baseUrl, secretKey, timeoutMs: 10_000 })
    : createFlutterwaveProvider({ baseUrl: config.flutterwave.baseUrl, secretKey, timeoutMs: 10_000 });
}
