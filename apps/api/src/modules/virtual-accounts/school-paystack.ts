import type { AppContext } from '../../app-context.js';
import type { Actor } from '../audit/audit.queries.js';
import { findPaymentProfile } from '../payment-profiles/payment-profiles.queries.js';
import { providerFromProfile } from '../payment-profiles/school-providers.js';
import type { PaymentProvider } from '../providers/provider.js';

/** Who acts when money arrives by itself (a webhook, the requery pass): no person. */
export const VIRTUAL_ACCOUNTS_SYSTEM: Actor = { userId: null, ip: null, userAgent: 'virtual accounts' };

/**
 * The school's own Paystack account, or `null` when it saved no key (or its key cannot be read).
 * Accounts are opened, closed, asked after and checked only with the school's own keys, never the
 * app-wide account's: money sent to an account goes to the business that opened it.
 */
export async function schoolPaystack(ctx: AppContext, schoolId: string): Promise<PaymentProvider | null> {
  const profile = await findPaymentProfile(ctx.db, schoolId);
  if (!profile?.psSecretKeyEnc) return null;
  return providerFromProfile(ctx, profile, 'paystack', { includeSwitchedOff: true });
}
