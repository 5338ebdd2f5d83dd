import {
  DEFAULT_VIRTUAL_ACCOUNT_BANK,
  displayName,
  LAGOS,
  type OpenAllVirtualAccountsResult,
  type OpenedVirtualAccount,
  type OpenMyVirtualAccountInput,
  type RequeryVirtualAccountResult,
  todayIn,
  VIRTUAL_ACCOUNT_PROVIDERS,
  type VirtualAccount,
  type VirtualAccountList,
  type VirtualAccountListQuery,
  type VirtualAccountProvider,
  type VirtualAccountSettings,
  type VirtualAccountSettingsInput,
} from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import { AppError, isUniqueViolation } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { findPaymentProfile, findSchoolInScope } from '../payment-profiles/payment-profiles.queries.js';
import { hasOwnKeys, schoolOwnProvider } from '../payment-profiles/school-providers.js';
import { ProviderError, type VirtualAccountApi } from '../providers/provider.js';
import { schoolNotFound } from '../schools/schools.errors.js';
import {
  accountInactive,
  accountNumberTaken,
  bvnRequired,
  holderHasParent,
  holderNotFound,
  ownKeysRequired,
  providerFailed,
  requeryUnsupported,
  schoolOpensAccounts,
  virtualAccountNotFound,
  virtualAccountsOff,
} from './virtual-accounts.errors.js';
import { toSettings, toVirtualAccount } from './virtual-accounts.presenters.js';
import {
  countAccounts,
  countFamiliesWithoutAccount,
  deactivateAccount,
  findAccount,
  findActiveAccountOf,
  findHolder,
  findSettings,
  insertAccount,
  listAccounts,
  listedAccount,
  listFamiliesWithoutAccount,
  lockSettings,
  type SettingsRow,
  saveSettings,
  schoolOf,
  type VirtualAccountRow,
} from './virtual-accounts.queries.js';

/** A school of the caller's (the super-admin's scope admits any id, so it is looked up). */
async function schoolInScope(ctx: AppContext, auth: AuthContext, schoolId: string) {
  const school = await findSchoolInScope(ctx.db, auth.scope, schoolId);
  if (!school) throw schoolNotFound();
  return school;
}

const PROVIDER_NAMES: Record<VirtualAccountProvider, 'Paystack' | 'Flutterwave'> = {
  paystack: 'Paystack',
  flutterwave: 'Flutterwave',
};

/** The provider not answering, or answering no, in the words the school reads. */
function providerProblem(error: unknown, provider: VirtualAccountProvider = 'paystack'): AppError | null {
  const name = PROVIDER_NAMES[provider];
  if (error instanceof ProviderError) {
    return providerFailed(
      error.status === undefined
        ? `${name} could not be reached. Check the network and try again.`
        : `${name} refused: ${error.message}`,
    );
  }
  if ((error as Error | null)?.name === 'TimeoutError') {
    return providerFailed(`${name} did not answer in time. Try again in a moment.`);
  }
  return null;
}

/** Runs a call to the provider, its failures turned into our coded 502. */
async function asking<T>(work: () => Promise<T>, provider: VirtualAccountProvider = 'paystack'): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw providerProblem(error, provider) ?? error;
  }
}

/** The school's own accounts API at `provider`; refused while the school has saved no keys of its own there. */
async function accountsApiOf(
  ctx: AppContext,
  schoolId: string,
  provider: VirtualAccountProvider,
): Promise<VirtualAccountApi> {
  const api = (await schoolOwnProvider(ctx, schoolId, provider))?.virtualAccounts;
  if (!api) throw ownKeysRequired('school_id', PROVIDER_NAMES[provider]);
  return api;
}

/** The providers the school saved its own keys of. */
const providersWithKeys = (profile: Awaited<ReturnType<typeof findPaymentProfile>>) =>
  VIRTUAL_ACCOUNT_PROVIDERS.filter((provider) => hasOwnKeys(profile, provider));

/** GET /virtual-accounts/settings. */
export async function getSettings(
  ctx: AppContext,
  auth: AuthContext,
  schoolId: string,
): Promise<VirtualAccountSettings> {
  const school = await schoolInScope(ctx, auth, schoolId);
  const profile = await findPaymentProfile(ctx.db, school.id);
  return toSettings(school.id, await findSettings(ctx.db, school.id), {
    defaultBank: DEFAULT_VIRTUAL_ACCOUNT_BANK,
    providersWithKeys: providersWithKeys(profile),
  });
}

const settingsView = (row: SettingsRow | undefined) =>
  row ? { enabled: row.enabled, provider: row.provider, preferredBank: row.preferredBank } : null;

/**
 * PUT /virtual-accounts/settings: switches a school's virtual accounts on (only with its own keys
 * of the chosen provider saved) or off, and chooses who opens new ones. Off opens no new accounts;
 * those open keep receiving money, which is still credited, since parents keep the numbers for years.
 */
export async function updateSettings({
  ctx,
  auth,
  actor,
  input,
}: {
  ctx: AppContext;
  auth: AuthContext;
  actor: Actor;
  input: VirtualAccountSettingsInput;
}): Promise<VirtualAccountSettings> {
  const school = await schoolInScope(ctx, auth, input.school_id);
  const profile = await findPaymentProfile(ctx.db, school.id);
  const provider = input.provider ?? (await findSettings(ctx.db, school.id))?.provider ?? 'paystack';
  if (input.enabled && !hasOwnKeys(profile, provider)) throw ownKeysRequired('enabled', PROVIDER_NAMES[provider]);
  const row = await saveSchoolSettings({
    ctx,
    actor,
    schoolId: school.id,
    enabled: input.enabled,
    provider,
    preferredBank: input.preferred_bank,
    by: auth.userId,
  });
  return toSettings(school.id, row, {
    defaultBank: DEFAULT_VIRTUAL_ACCOUNT_BANK,
    providersWithKeys: providersWithKeys(profile),
  });
}

/** Saves a school's switch (and provider and bank, when given), audited; the caller has checked the school and its keys. */
export async function saveSchoolSettings({
  ctx,
  actor,
  schoolId,
  enabled,
  provider,
  preferredBank,
  by,
}: {
  ctx: AppContext;
  actor: Actor;
  schoolId: string;
  enabled: boolean;
  provider?: VirtualAccountProvider | undefined;
  preferredBank?: string | undefined;
  by: string;
}): Promise<SettingsRow> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockSettings(tx, schoolId);
    const saved = await saveSettings(
      tx,
      {
        schoolId,
        enabled,
        provider: provider ?? before?.provider ?? 'paystack',
        preferredBank: preferredBank ?? before?.preferredBank ?? DEFAULT_VIRTUAL_ACCOUNT_BANK,
        updatedBy: by,
      },
      ctx.clock(),
    );
    await recordAudit(tx, actor, {
      action: before ? 'virtual_account_settings.update' : 'virtual_account_settings.create',
      entity: 'virtual_account_settings',
      entityId: schoolId,
      schoolId,
      before: settingsView(before),
      after: settingsView(saved),
    });
    return saved;
  });
}

/**
 * What the provider is told of a holder. Whoever types the number into a banking app sees these
 * names, so a child's never goes: a parent's own; for a student with no parent, the school's name,
 * "Family" and the student's payment code.
 */
export function customerOf(
  holder: Pick<
    NonNullable<Awaited<ReturnType<typeof findHolder>>>,
    'firstname' | 'lastname' | 'email' | 'phone' | 'paymentCode'
  >,
  school: { name: string; phone: string },
  kind: VirtualAccountRow['holderKind'],
) {
  const names =
    kind === 'parent'
      ? { firstName: holder.firstname, lastName: holder.lastname }
      : { firstName: school.name, lastName: `Family ${holder.paymentCode}` };
  // The provider requires a phone; a family without one is reached through the school.
  return { email: holder.email, phone: holder.phone ?? school.phone, ...names };
}

/**
 * Opens the account of one holder at a school with the school's provider, or answers the one they
 * have. Flutterwave needs the holder's `bvn`, which is passed on and never kept. Provider failures
 * are thrown as the provider's own errors, for the caller to word (or, for a batch, to stop on).
 */
async function openFor({
  ctx,
  actor,
  schoolId,
  holderId,
  openedBy,
  bvn,
}: {
  ctx: AppContext;
  actor: Actor;
  schoolId: string;
  holderId: string;
  openedBy: string;
  bvn?: string | undefined;
}): Promise<{ row: VirtualAccountRow; opened: boolean }> {
  const settings = await findSettings(ctx.db, schoolId);
  if (!settings?.enabled) throw virtualAccountsOff();
  const existing = await findActiveAccountOf(ctx.db, schoolId, holderId);
  if (existing) return { row: existing, opened: false };
  if (settings.provider === 'flutterwave' && !bvn) throw bvnRequired();
  const holder = await findHolder(ctx.db, schoolId, holderId);
  if (!holder || (!holder.isParent && !holder.isStudent)) throw holderNotFound();
  if (!holder.isParent && holder.hasParent) throw holderHasParent();
  const kind = holder.isParent ? 'parent' : 'student';
  const school = await schoolOf(ctx.db, schoolId);
  if (!school) throw schoolNotFound();
  const api = await accountsApiOf(ctx, schoolId, settings.provider);
  const customer = customerOf(holder, school, kind);
  const opened = await api.open({
    ...customer,
    bank: settings.preferredBank,
    // The name a banking app shows for the number, where the provider takes ours: the school's and the family's.
    accountName: `${school.name} / ${customer.firstName} ${customer.lastName}`.toUpperCase(),
    ...(bvn && { bvn }),
  });
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const inserted = await insertAccount(tx, {
        schoolId,
        holderKind: kind,
        holderId,
        provider: settings.provider,
        accountNumber: opened.accountNumber,
        accountName: opened.accountName,
        bankName: opened.bankName,
        bankSlug: opened.bankSlug,
        providerAccountId: opened.providerAccountId,
        customerCode: opened.customerCode,
        providerReference: opened.providerReference,
        createdBy: openedBy,
      });
      await recordAudit(tx, actor, {
        action: 'virtual_account.open',
        entity: 'virtual_account',
        entityId: inserted.id,
        schoolId,
        after: {
          holderId,
          holderKind: kind,
          provider: inserted.provider,
          accountNumber: inserted.accountNumber,
          accountName: inserted.accountName,
          bankName: inserted.bankName,
        },
      });
      return inserted;
    });
    return { row, opened: true };
  } catch (error) {
    // The same holder opened at the same moment by another request: the provider gave both the
    // same account, which that request recorded.
    if (isUniqueViolation(error, 'virtual_accounts_holder_uq')) {
      const raced = await findActiveAccountOf(ctx.db, schoolId, holderId);
      if (raced) return { row: raced, opened: false };
    }
    if (isUniqueViolation(error, 'virtual_accounts_number_uq')) throw accountNumberTaken();
    throw error;
  }
}

async function shown(ctx: AppContext, auth: AuthContext, id: string): Promise<VirtualAccount> {
  const row = await listedAccount(ctx.db, auth.scope, id);
  if (!row) throw virtualAccountNotFound();
  return toVirtualAccount(row);
}

/** POST /virtual-accounts: one family's account, opened once; asking again answers the same account. */
export async function openAccount({
  ctx,
  auth,
  actor,
  schoolId,
  holderId,
}: {
  ctx: AppContext;
  auth: AuthContext;
  actor: Actor;
  schoolId: string;
  holderId: string;
}): Promise<OpenedVirtualAccount> {
  const school = await schoolInScope(ctx, auth, schoolId);
  const { row, opened } = await asking(() =>
    openFor({ ctx, actor, schoolId: school.id, holderId, openedBy: auth.userId }),
  );
  return { account: await shown(ctx, auth, row.id), opened };
}

/**
 * POST /virtual-accounts/mine: the payer opens the family's account at a school that opens them
 * through Flutterwave, with their BVN (passed to Flutterwave, never kept): a parent for the family,
 * a student with no parent linked for themself. Refused where the school opens them itself.
 */
export async function openOwnAccount({
  ctx,
  auth,
  actor,
  input,
}: {
  ctx: AppContext;
  auth: AuthContext;
  actor: Actor;
  input: OpenMyVirtualAccountInput;
}): Promise<void> {
  const settings = await findSettings(ctx.db, input.school_id);
  if (!settings?.enabled) throw virtualAccountsOff();
  if (settings.provider !== 'flutterwave') throw schoolOpensAccounts();
  await asking(
    () =>
      openFor({
        ctx,
        actor,
        schoolId: input.school_id,
        holderId: auth.userId,
        openedBy: auth.userId,
        bvn: input.bvn,
      }),
    'flutterwave',
  );
}

/**
 * POST /virtual-accounts/open-all: the accounts of up to `limit` families of the school that have
 * none, one after another. A family the provider refuses is reported and the rest go on; a
 * provider that does not answer stops the batch (every other family would wait as long).
 */
export async function openAllAccounts({
  ctx,
  auth,
  actor,
  schoolId,
  limit,
}: {
  ctx: AppContext;
  auth: AuthContext;
  actor: Actor;
  schoolId: string;
  limit: number;
}): Promise<OpenAllVirtualAccountsResult> {
  const school = await schoolInScope(ctx, auth, schoolId);
  return openFamilyAccounts({ ctx, actor, schoolId: school.id, openedBy: auth.userId, limit });
}

/** Opens the accounts of up to `limit` families of a school that have none; the caller has checked the school. */
export async function openFamilyAccounts({
  ctx,
  actor,
  schoolId,
  openedBy,
  limit,
}: {
  ctx: AppContext;
  actor: Actor;
  schoolId: string;
  openedBy: string;
  limit: number;
}): Promise<OpenAllVirtualAccountsResult> {
  const settings = await findSettings(ctx.db, schoolId);
  if (!settings?.enabled) throw virtualAccountsOff();
  // Each family opens its own at Flutterwave, with a BVN the school does not have.
  if (settings.provider === 'flutterwave') throw bvnRequired();
  await accountsApiOf(ctx, schoolId, settings.provider);
  let opened = 0;
  const failures: OpenAllVirtualAccountsResult['failures'] = [];
  for (const family of await listFamiliesWithoutAccount(ctx.db, schoolId, limit)) {
    const holder = { _id: family.id, name: displayName(family) };
    try {
      if ((await openFor({ ctx, actor, schoolId, holderId: family.id, openedBy })).opened) opened++;
    } catch (error) {
      const problem = providerProblem(error);
      const failure = problem ?? (error instanceof AppError ? error : null);
      if (!failure) throw error;
      failures.push({ holder, message: failure.message });
      if (problem && !(error instanceof ProviderError && error.status !== undefined)) break;
    }
  }
  const remaining = await countFamiliesWithoutAccount(ctx.db, schoolId);
  await recordAudit(ctx.db, actor, {
    action: 'virtual_account.open_all',
    entity: 'virtual_account',
    entityId: null,
    schoolId,
    after: { opened, failed: failures.length, remaining },
  });
  return { opened, failed: failures.length, remaining, failures };
}

/** GET /virtual-accounts: a school's accounts, newest first, with their holders. */
export async function listSchoolAccounts(
  ctx: AppContext,
  auth: AuthContext,
  query: VirtualAccountListQuery,
): Promise<VirtualAccountList> {
  const school = await schoolInScope(ctx, auth, query.school_id);
  const filters = { schoolId: school.id, active: query.active, search: query.search };
  const offset = (query.page - 1) * query.limit;
  const rows = await listAccounts(ctx.db, auth.scope, filters, { limit: query.limit, offset });
  const total = await countAccounts(ctx.db, auth.scope, filters);
  return {
    accounts: rows.map(toVirtualAccount),
    pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
  };
}

/**
 * POST /virtual-accounts/{id}/deactivate: closed at the provider first (an account the provider
 * no longer has counts as closed), then here, with the reason. The row stays: money sent to the
 * number afterwards is still the family's.
 */
export async function deactivate({
  ctx,
  auth,
  actor,
  id,
  reason,
}: {
  ctx: AppContext;
  auth: AuthContext;
  actor: Actor;
  id: string;
  reason: string;
}): Promise<VirtualAccount> {
  const account = await findAccount(ctx.db, auth.scope, id);
  if (!account) throw virtualAccountNotFound();
  if (!account.active) throw accountInactive();
  const api = await accountsApiOf(ctx, account.schoolId, account.provider);
  await asking(() => api.close(account.providerAccountId), account.provider);
  await ctx.db.transaction(async (tx) => {
    const closed = await deactivateAccount(tx, account.id, { at: ctx.clock(), by: auth.userId, reason });
    if (!closed) throw accountInactive();
    await recordAudit(tx, actor, {
      action: 'virtual_account.deactivate',
      entity: 'virtual_account',
      entityId: account.id,
      schoolId: account.schoolId,
      before: { active: true },
      after: { active: false, reason, accountNumber: account.accountNumber, holderId: account.holderId },
    });
  });
  return shown(ctx, auth, account.id);
}

/**
 * POST /virtual-accounts/{id}/requery: asks the provider to notify again the transfers of a day
 * that it has not notified; they arrive as webhooks and are credited as any other.
 */
export async function requeryAccount({
  ctx,
  auth,
  actor,
  id,
  day,
}: {
  ctx: AppContext;
  auth: AuthContext;
  actor: Actor;
  id: string;
  day: string | undefined;
}): Promise<RequeryVirtualAccountResult> {
  const account = await findAccount(ctx.db, auth.scope, id);
  if (!account) throw virtualAccountNotFound();
  const { requery } = await accountsApiOf(ctx, account.schoolId, account.provider);
  if (!requery) throw requeryUnsupported();
  const date = day ?? todayIn(LAGOS, ctx.clock());
  await asking(() => requery({ accountNumber: account.accountNumber, bankSlug: account.bankSlug, day: date }));
  await recordAudit(ctx.db, actor, {
    action: 'virtual_account.requery',
    entity: 'virtual_account',
    entityId: account.id,
    schoolId: account.schoolId,
    after: { accountNumber: account.accountNumber, date },
  });
  return { account_number: account.accountNumber, date };
}
