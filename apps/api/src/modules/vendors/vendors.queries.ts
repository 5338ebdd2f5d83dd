import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { expensePayouts, expenses, schools, users, vendorBankChanges, vendors } from '../../db/schema.js';
import { inGroupScope, inSchoolScope, type Scope } from '../../plugins/tenancy.js';

export type VendorValues = typeof vendors.$inferInsert;
export type BankChangeRecord = typeof vendorBankChanges.$inferSelect;

const proposer = alias(users, 'vendor_bank_proposer');
const isPending = eq(vendorBankChanges.status, 'pending');

/**
 * The vendors matching `where`, each with what was paid out to it net of reversals, counting only
 * the expenses of schools the caller sees: a principal learns nothing of a sister school's spending.
 */
export async function listVendors(db: DbOrTx, scope: Scope, where: SQL) {
  const rows = await db
    .select({
      vendor: vendors,
      pending: vendorBankChanges,
      proposedBy: {
        id: proposer.id,
        firstname: proposer.firstname,
        middlename: proposer.middlename,
        lastname: proposer.lastname,
      },
      totalPaid: sql<string>`coalesce(sum(${expensePayouts.amountKobo}), 0)::text`,
    })
    .from(vendors)
    .leftJoin(vendorBankChanges, and(eq(vendorBankChanges.vendorId, vendors.id), isPending))
    .leftJoin(proposer, eq(proposer.id, vendorBankChanges.proposedBy))
    .leftJoin(expenses, and(eq(expenses.vendorId, vendors.id), inSchoolScope(scope, expenses.schoolId)))
    .leftJoin(expensePayouts, eq(expensePayouts.expenseId, expenses.id))
    .where(where)
    .groupBy(vendors.id, vendorBankChanges.id, proposer.id)
    .orderBy(vendors.name, vendors.id);
  return rows.map((row) => ({ ...row, totalPaid: BigInt(row.totalPaid) }));
}

export type VendorRow = Awaited<ReturnType<typeof listVendors>>[number];

export async function findVendor(db: DbOrTx, scope: Scope, id: string) {
  const [row] = await listVendors(db, scope, and(vendorsWhere(scope, { includeInactive: true }), eq(vendors.id, id))!);
  return row;
}

/** A vendor an expense of a school of `groupSchoolId` may pay: of that group and active. */
export async function findPayableVendor(db: DbOrTx, groupSchoolId: string, id: string) {
  const [row] = await db
    .select()
    .from(vendors)
    .where(and(eq(vendors.id, id), eq(vendors.groupSchoolId, groupSchoolId), eq(vendors.isActive, true)));
  return row;
}

/** The bare row, locked so two edits of the same bank details take turns and each is audited against the last. */
export async function lockVendor(tx: DbOrTx, scope: Scope, id: string) {
  const [row] = await tx
    .select()
    .from(vendors)
    .where(and(inGroupScope(scope, vendors.groupSchoolId), eq(vendors.id, id)))
    .for('update');
  return row;
}

/** The change of bank details waiting for approval, locked so one decision or newer proposal wins. */
export async function lockPendingChange(tx: DbOrTx, vendorId: string) {
  const [row] = await tx
    .select()
    .from(vendorBankChanges)
    .where(and(eq(vendorBankChanges.vendorId, vendorId), isPending))
    .for('update');
  return row;
}

export async function lockBankChange(tx: DbOrTx, vendorId: string, changeId: string) {
  const [row] = await tx
    .select()
    .from(vendorBankChanges)
    .where(and(eq(vendorBankChanges.id, changeId), eq(vendorBankChanges.vendorId, vendorId)))
    .for('update');
  return row;
}

export async function insertBankChange(tx: DbOrTx, values: typeof vendorBankChanges.$inferInsert) {
  const [row] = await tx.insert(vendorBankChanges).values(values).returning();
  return row!;
}

export async function updateBankChange(tx: DbOrTx, id: string, values: Partial<BankChangeRecord>) {
  const [row] = await tx.update(vendorBankChanges).set(values).where(eq(vendorBankChanges.id, id)).returning();
  return row!;
}

/**
 * Who may approve a change of a group's vendor's bank details: the Principals of its schools and
 * its Proprietors, active, never the person who proposed it.
 */
export async function groupApproversOf(db: DbOrTx, groupSchoolId: string, exceptId: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select u.id from ${users} u
      join ${schools} sc on sc.id = u.school_id
      where u.deleted_at is null and u.status = 'active' and u.id <> ${exceptId}
        and sc.group_school_id = ${groupSchoolId}
        and ('Principal' = any(u.roles) or 'Proprietor' = any(u.roles))`,
  );
  return rows.map((row) => row.id);
}

export async function vendorNameTaken(db: DbOrTx, groupSchoolId: string, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(
      and(
        eq(vendors.groupSchoolId, groupSchoolId),
        sql`lower(${vendors.name}) = lower(${name})`,
        exceptId ? sql`${vendors.id} <> ${exceptId}` : undefined,
      ),
    );
  return Boolean(row);
}

export async function insertVendor(tx: DbOrTx, values: VendorValues) {
  const [row] = await tx.insert(vendors).values(values).returning();
  return row!;
}

export async function updateVendorRow(tx: DbOrTx, id: string, values: Partial<VendorValues>) {
  const [row] = await tx.update(vendors).set(values).where(eq(vendors.id, id)).returning();
  return row!;
}

/** The vendors of the caller's group (every group for the super-admin), active ones unless told. */
export function vendorsWhere(scope: Scope, filters: { search?: string | undefined; includeInactive?: boolean }): SQL {
  const pattern = filters.search && `%${filters.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return and(
    inGroupScope(scope, vendors.groupSchoolId),
    filters.includeInactive ? undefined : eq(vendors.isActive, true),
    pattern ? sql`(${vendors.name} ilike ${pattern} or ${vendors.accountName} ilike ${pattern})` : undefined,
  )!;
}
