import { addDays, LAGOS, todayIn } from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import { schoolOwnProvider } from '../payment-profiles/school-providers.js';
import type { VirtualAccountApi } from '../providers/provider.js';
import { activeAccountsAfter } from './virtual-accounts.queries.js';

/** Accounts asked after per page of the walk, and at most per pass (a few thousand calls to Paystack). */
const PAGE = 200;
const MAX_ACCOUNTS = 5_000;

/**
 * The daily pass (the job runner's `virtual-accounts.requery`): asks Paystack, with each school's
 * own keys, to notify again the transfers into each active account on `day` (yesterday in Lagos
 * unless given) that it has not notified. Paystack sends them as webhooks, which credit through
 * the same path as any other, once. Accounts of a school without keys, and Flutterwave's (it has
 * no such call), are skipped; a refusal is
 * counted and the pass goes on.
 */
export async function runVirtualAccountRequery(ctx: AppContext, options: { day?: string; limit?: number } = {}) {
  const day = options.day ?? addDays(todayIn(LAGOS, ctx.clock()), -1);
  const limit = Math.min(options.limit ?? MAX_ACCOUNTS, MAX_ACCOUNTS);
  const apis = new Map<string, VirtualAccountApi | null>();
  const result = { day, asked: 0, failed: 0, skipped: 0, errors: [] as { accountNumber: string; message: string }[] };
  let after: { schoolId: string; id: string } | null = null;
  let walked = 0;
  while (walked < limit) {
    const accounts = await activeAccountsAfter(ctx.db, after, Math.min(PAGE, limit - walked));
    if (accounts.length === 0) break;
    for (const account of accounts) {
      const key = `${account.schoolId}:${account.provider}`;
      if (!apis.has(key))
        apis.set(key, (await schoolOwnProvider(ctx, account.schoolId, account.provider))?.virtualAccounts ?? null);
      // Flutterwave has no call to resend an account's missed notifications.
      const requery = apis.get(key)?.requery;
      if (!requery) {
        result.skipped++;
        continue;
      }
      try {
        await requery({ accountNumber: account.accountNumber, bankSlug: account.bankSlug, day });
        result.asked++;
      } catch (error) {
        result.failed++;
        // A few examples are enough for the log; the next pass asks again.
        if (result.errors.length < 5)
          result.errors.push({ accountNumber: account.accountNumber, message: (error as Error).message });
      }
    }
    walked += accounts.length;
    const last = accounts.at(-1)!;
    after = { schoolId: last.schoolId, id: last.id };
  }
  return result;
}
