import type { RestoredDedicatedAccount } from '@schoolledger/provider-fakes';
import { eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../app-context.js';
import { paymentProfiles, schools, users, virtualAccounts } from '../db/schema.js';
import {
  customerOf,
  openFamilyAccounts,
  saveSchoolSettings,
} from '../modules/virtual-accounts/virtual-accounts.service.js';
import { DEMO_DOMAIN } from '../seed/demo.js';

/** Every family's account the demo's database holds at Paystack, with what the local Paystack needs to know it again. */
async function demoPaystackAccounts(ctx: AppContext): Promise<RestoredDedicatedAccount[]> {
  const rows = await ctx.db
    .select({
      providerAccountId: virtualAccounts.providerAccountId,
      accountNumber: virtualAccounts.accountNumber,
      accountName: virtualAccounts.accountName,
      bankSlug: virtualAccounts.bankSlug,
      active: virtualAccounts.active,
      customerCode: virtualAccounts.customerCode,
      holderKind: virtualAccounts.holderKind,
      holder: {
        email: users.email,
        firstname: users.firstname,
        lastname: users.lastname,
        phone: users.phone,
        paymentCode: users.paymentCode,
      },
      school: { name: schools.name, phone: schools.phoneNumber },
    })
    .from(virtualAccounts)
    .innerJoin(users, eq(users.id, virtualAccounts.holderId))
    .innerJoin(schools, eq(schools.id, virtualAccounts.schoolId))
    .where(eq(virtualAccounts.provider, 'paystack'))
    .orderBy(virtualAccounts.createdAt);
  return rows.map((row) => ({
    id: Number(row.providerAccountId),
    accountNumber: row.accountNumber,
    accountName: row.accountName,
    bankSlug: row.bankSlug,
    active: row.active,
    // As the account was opened: the same names and phone the provider was told then.
    customer: { ...customerOf(row.holder, row.school, row.holderKind), code: row.customerCode },
  }));
}

/**
 * The local Paystack keeps its accounts in memory and the demo's database outlives it: on every
 * start the accounts the families were given are told to it again, so their numbers still take
 * transfers from the demo's bank page.
 */
export async function restoreDemoVirtualAccounts(
  ctx: AppContext,
  fakes: { restoreAccount(record: RestoredDedicatedAccount): void },
) {
  for (const account of await demoPaystackAccounts(ctx)) fakes.restoreAccount(account);
}

/** The banks Paystack opens dedicated accounts at, by their slugs. */
const DEMO_ACCOUNT_BANKS = ['wema-bank', 'titan-paystack'] as const;

/**
 * On the demo's first start: every demo school takes virtual accounts (switched on by the demo's
 * admin, as a school would in its settings) and every family gets its account at the local
 * Paystack, so a parent can pay by transfer at once.
 */
export async function openDemoVirtualAccounts(ctx: AppContext, say: (message: string) => void) {
  const [admin] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, `admin@${DEMO_DOMAIN}`));
  if (!admin) return;
  const actor = { userId: admin.id, ip: null, userAgent: null };
  const withKeys = await ctx.db
    .select({ schoolId: paymentProfiles.schoolId })
    .from(paymentProfiles)
    .where(isNotNull(paymentProfiles.psSecretKeyEnc))
    .orderBy(paymentProfiles.schoolId);
  if (withKeys.length === 0) return;
  say("Opening each demo family's bank account at the local Paystack…");
  // The schools share one Paystack business, where a customer (a parent of children at both) has
  // one account a bank: each school opens its families' accounts at a bank of its own.
  for (const [index, { schoolId }] of withKeys.entries()) {
    const preferredBank = DEMO_ACCOUNT_BANKS[index % DEMO_ACCOUNT_BANKS.length];
    await saveSchoolSettings({ ctx, actor, schoolId, enabled: true, preferredBank, by: admin.id });
    await openFamilyAccounts({ ctx, actor, schoolId, openedBy: admin.id, limit: 10_000 });
  }
}
