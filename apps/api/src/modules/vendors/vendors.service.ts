import {
  bankName,
  entityMessages,
  type Vendor,
  type VendorInput,
  type vendorListQuerySchema,
} from '@schoolledger/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { vendors } from '../../db/schema.js';
import { isUniqueViolation, notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { findGroupSchool } from '../schools/schools.queries.js';
import { vendorExists, vendorGroupRequired, vendorNotFound } from './vendors.errors.js';
import { toVendor } from './vendors.presenters.js';
import {
  findVendor,
  insertVendor,
  listVendors,
  lockVendor,
  updateVendorRow,
  vendorNameTaken,
  vendorsWhere,
} from './vendors.queries.js';

type ListQuery = z.output<typeof vendorListQuerySchema>;

export const VENDOR = {
  loaded: 'Vendors loaded',
  created: 'Vendor added',
  updated: 'Vendor updated',
} as const;

type VendorRecord = typeof vendors.$inferSelect;

const BANK_FIELDS = ['bankCode', 'bankName', 'accountNumber', 'accountName'] as const;

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

/** The columns a vendor form sets; a listed bank is named by the list, another by what was typed. */
const valuesOf = (input: VendorInput) => ({
  name: input.name,
  bankCode: input.bank_code,
  bankName: bankName(input.bank_code) ?? input.bank_name ?? '',
  accountNumber: input.account_number,
  accountName: input.account_name,
  phone: input.phone || null,
  email: input.email || null,
  address: input.address || null,
  isActive: input.is_active,
});

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
      const row = await insertVendor(tx, { ...valuesOf(input), groupSchoolId, createdBy: auth.userId });
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
 * Edits a vendor of the caller's group (its group never changes). A change of where its money
 * goes is recorded as `vendor.bank_details`, which the trail flags for the auditor.
 */
export async function updateVendor(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  input: VendorInput,
  actor: Actor,
): Promise<Vendor> {
  await uniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const before = await lockVendor(tx, auth.scope, id);
      if (!before) throw vendorNotFound();
      if (await vendorNameTaken(tx, before.groupSchoolId, input.name, id)) throw vendorExists();
      const after = await updateVendorRow(tx, id, valuesOf(input));
      const bankChanged = BANK_FIELDS.some((field) => before[field] !== after[field]);
      await recordAudit(tx, actor, {
        action: bankChanged ? 'vendor.bank_details' : 'vendor.update',
        entity: 'vendor',
        entityId: id,
        schoolId: null,
        groupSchoolId: before.groupSchoolId,
        before: auditable(before),
        after: auditable(after),
      });
    }),
  );
  return getVendor(ctx, auth, id);
}
