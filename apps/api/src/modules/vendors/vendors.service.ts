import {
  type BankAccount,
  bankName,
  can,
  displayName,
  entityMessages,
  type Vendor,
  type VendorInput,
  type vendorListQuerySchema,
} from '@schoolledger/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import type { vendors } from '../../db/schema.js';
import { forbidden, isUniqueViolation, notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { findGroupSchool } from '../schools/schools.queries.js';
import { notifyBankChangeDecided, notifyBankChangeProposed } from './vendor-notices.js';
import {
  bankChangeNotFound,
  bankChangeNotPending,
  bankChangeNotYours,
  ownBankChange,
  vendorExists,
  vendorGroupRequired,
  vendorNotFound,
} from './vendors.errors.js';
import { accountOf, toVendor } from './vendors.presenters.js';
import {
  type BankChangeRecord,
  findVendor,
  insertBankChange,
  insertVendor,
  listVendors,
  lockBankChange,
  lockPendingChange,
  lockVendor,
  updateBankChange,
  updateVendorRow,
  vendorNameTaken,
  vendorsWhere,
} from './vendors.queries.js';

type ListQuery = z.output<typeof vendorListQuerySchema>;

export const VENDOR = {
  loaded: 'Vendors loaded',
  created: 'Vendor added',
  updated: 'Vendor updated',
  proposed:
    'Vendor updated. The new bank details wait for another approver; payments go to the approved account until then.',
  bankApproved: 'New bank details approved',
  bankRejected: 'New bank details rejected',
} as const;

type VendorRecord = typeof vendors.$inferSelect;

const BANK_FIELDS = ['bankCode', 'bankName', 'accountNumber', 'accountName'] as const;
const sameAccount = (a: BankAccount, b: BankAccount) => BANK_FIELDS.every((field) => a[field] === b[field]);

const auditable = (row: VendorRecord) => ({
  name: row.name,
  bankCode: row.bankCode,
  bankName: row.bankName,
  accountNumber: row.accountNumber,
  accountName: row.accountName,
  phone: row.phone,
  email: row.email,
  address: row.address,
  isActive: row.isActive,
});

/** The bank account a vendor form gives; a listed bank is named by the list, another by what was typed. */
const accountFrom = (input: VendorInput): BankAccount => ({
  bankCode: input.bank_code,
  bankName: bankName(input.bank_code) ?? input.bank_name ?? '',
  accountNumber: input.account_number,
  accountName: input.account_name,
});

/** The columns of a vendor form other than its bank account. */
const detailsFrom = (input: VendorInput) => ({
  name: input.name,
  phone: input.phone || null,
  email: input.email || null,
  address: input.address || null,
  isActive: input.is_active,
});

const auditableChange = (change: BankChangeRecord) => ({ changeId: change.id, ...accountOf(change) });

export async function listVendorPage(ctx: AppContext, auth: AuthContext, query: ListQuery) {
  const where = vendorsWhere(auth.scope, { search: query.search, includeInactive: query.include_inactive ?? false });
  return { vendors: (await listVendors(ctx.db, auth.scope, where)).map(toVendor) };
}

async function getVendor(ctx: AppContext, auth: AuthContext, id: string): Promise<Vendor> {
  const row = await findVendor(ctx.db, auth.scope, id);
  if (!row) throw vendorNotFound();
  return toVendor(row);
}

/** The caller's own group; the super-admin names one. A group the caller cannot see is not there. */
async function groupFor(ctx: AppContext, auth: AuthContext, named: string | undefined): Promise<string> {
  const groupSchoolId = named ?? ('groupSchoolId' in auth.scope ? auth.scope.groupSchoolId : undefined);
  if (!groupSchoolId) throw vendorGroupRequired();
  if (!(await findGroupSchool(ctx.db, auth.scope, groupSchoolId))) throw notFound(entityMessages('Group').notFound);
  return groupSchoolId;
}

/** Two people adding the same vendor at once: the unique index decides, and the loser hears why. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw vendorExists();
    throw error;
  }
}

export async function createVendor(
  ctx: AppContext,
  auth: AuthContext,
  input: VendorInput,
  actor: Actor,
): Promise<Vendor> {
  const groupSchoolId = await groupFor(ctx, auth, input.group_school_id);
  if (await vendorNameTaken(ctx.db, groupSchoolId, input.name)) throw vendorExists();
  const id = await uniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const row = await insertVendor(tx, {
        ...detailsFrom(input),
        ...accountFrom(input),
        groupSchoolId,
        createdBy: auth.userId,
      });
      await recordAudit(tx, actor, {
        action: 'vendor.create',
        entity: 'vendor',
        entityId: row.id,
        schoolId: null,
        groupSchoolId,
        after: auditable(row),
      });
      return row.id;
    }),
  );
  return getVendor(ctx, auth, id);
}

/**
 * New bank details become a proposal for a second approver; the vendor keeps its approved ones,
 * which expenses approved meanwhile fix and pay. A newer proposal supersedes a pending one; the
 * approved details sent back as they are (an edit of the phone, say) leave a pending one alone.
 * Returns the proposal, when one was made.
 */
async function proposeAccount(
  tx: Tx,
  ctx: AppContext,
  auth: AuthContext,
  vendor: VendorRecord,
  account: BankAccount,
  actor: Actor,
) {
  if (sameAccount(account, vendor)) return null;
  const pending = await lockPendingChange(tx, vendor.id);
  if (pending && sameAccount(account, pending)) return null;
  if (pending) {
    await updateBankChange(tx, pending.id, { status: 'superseded', decidedBy: auth.userId, decidedAt: ctx.clock() });
  }
  const change = await insertBankChange(tx, {
    vendorId: vendor.id,
    groupSchoolId: vendor.groupSchoolId,
    ...account,
    proposedBy: auth.userId,
    proposedAt: ctx.clock(),
  });
  await recordAudit(tx, actor, {
    action: 'vendor.bank_details.propose',
    entity: 'vendor',
    entityId: vendor.id,
    schoolId: null,
    groupSchoolId: vendor.groupSchoolId,
    before: { ...accountOf(vendor), ...(pending ? { superseded: auditableChange(pending) } : {}) },
    after: auditableChange(change),
  });
  await notifyBankChangeProposed(tx, ctx, {
    vendor,
    account,
    actor: { id: auth.userId, name: displayName(auth.row.user) },
  });
  return change;
}

/**
 * Edits a vendor of the caller's group (its group never changes). Its name, contacts and whether it
 * can be paid change at once; a change of where its money goes waits for a second approver.
 */
export async function updateVendor(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  input: VendorInput,
  actor: Actor,
): Promise<{ vendor: Vendor; proposed: boolean }> {
  const proposed = await uniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const before = await lockVendor(tx, auth.scope, id);
      if (!before) throw vendorNotFound();
      if (await vendorNameTaken(tx, before.groupSchoolId, input.name, id)) throw vendorExists();
      const details = detailsFrom(input);
      const changed = (Object.keys(details) as (keyof typeof details)[]).some((key) => before[key] !== details[key]);
      if (changed) {
        const after = await updateVendorRow(tx, id, details);
        await recordAudit(tx, actor, {
          action: 'vendor.update',
          entity: 'vendor',
          entityId: id,
          schoolId: null,
          groupSchoolId: before.groupSchoolId,
          before: auditable(before),
          after: auditable(after),
        });
      }
      return (await proposeAccount(tx, ctx, auth, before, accountFrom(input), actor)) !== null;
    }),
  );
  return { vendor: await getVendor(ctx, auth, id), proposed };
}

/** The pending change of a vendor of the caller's group, with the vendor, both locked. */
async function lockDecision(tx: Tx, auth: AuthContext, id: string, changeId: string) {
  const vendor = await lockVendor(tx, auth.scope, id);
  if (!vendor) throw vendorNotFound();
  const change = await lockBankChange(tx, id, changeId);
  if (!change) throw bankChangeNotFound();
  if (change.status !== 'pending') throw bankChangeNotPending(change.status);
  return { vendor, change };
}

/**
 * A second approver makes proposed bank details the vendor's own: expenses approved from now on
 * fix them; those approved before keep paying the account approved with them.
 */
export async function approveBankChange(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  changeId: string,
  actor: Actor,
): Promise<Vendor> {
  if (!can(auth.roles, 'expenses.approve')) throw forbidden();
  await ctx.db.transaction(async (tx) => {
    const { vendor, change } = await lockDecision(tx, auth, id, changeId);
    if (change.proposedBy === auth.userId) throw ownBankChange();
    const after = await updateVendorRow(tx, id, accountOf(change));
    await updateBankChange(tx, change.id, { status: 'approved', decidedBy: auth.userId, decidedAt: ctx.clock() });
    await recordAudit(tx, actor, {
      action: 'vendor.bank_details',
      entity: 'vendor',
      entityId: id,
      schoolId: null,
      groupSchoolId: vendor.groupSchoolId,
      before: auditable(vendor),
      after: { ...auditable(after), changeId: change.id, proposedBy: change.proposedBy },
    });
    await notifyBankChangeDecided(tx, ctx, {
      vendor,
      account: change,
      actor: { id: auth.userId, name: displayName(auth.row.user) },
      proposedBy: change.proposedBy,
      approved: true,
    });
  });
  return getVendor(ctx, auth, id);
}

/** An approver turns proposed bank details down, or their proposer withdraws them; the approved ones stay. */
export async function rejectBankChange(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  changeId: string,
  reason: string,
  actor: Actor,
): Promise<Vendor> {
  await ctx.db.transaction(async (tx) => {
    const { vendor, change } = await lockDecision(tx, auth, id, changeId);
    if (!can(auth.roles, 'expenses.approve') && change.proposedBy !== auth.userId) throw bankChangeNotYours();
    await updateBankChange(tx, change.id, {
      status: 'rejected',
      decidedBy: auth.userId,
      decidedAt: ctx.clock(),
      reason,
    });
    await recordAudit(tx, actor, {
      action: 'vendor.bank_details.reject',
      entity: 'vendor',
      entityId: id,
      schoolId: null,
      groupSchoolId: vendor.groupSchoolId,
      before: { ...accountOf(vendor), proposed: auditableChange(change) },
      after: { ...accountOf(vendor), reason },
    });
    await notifyBankChangeDecided(tx, ctx, {
      vendor,
      account: change,
      actor: { id: auth.userId, name: displayName(auth.row.user) },
      proposedBy: change.proposedBy,
      approved: false,
      reason,
    });
  });
  return getVendor(ctx, auth, id);
}
