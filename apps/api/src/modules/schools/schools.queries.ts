import { and, count, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { academicSessions, addresses, classArms, groupSchools, schools, users } from '../../db/schema.js';
import { inGroupScope, inSchoolScope, type Scope } from '../../plugins/tenancy.js';

const schoolCount = count(schools.id).as('school_count');

export async function listGroupSchools(db: DbOrTx, scope: Scope, where?: SQL) {
  return db
    .select({ ...getTableColumns(groupSchools), schoolCount })
    .from(groupSchools)
    .leftJoin(schools, eq(schools.groupSchoolId, groupSchools.id))
    .where(and(inGroupScope(scope, groupSchools.id), where))
    .groupBy(groupSchools.id)
    .orderBy(groupSchools.name);
}

export async function findGroupSchool(db: DbOrTx, scope: Scope, id: string) {
  const [row] = await listGroupSchools(db, scope, eq(groupSchools.id, id));
  return row;
}

export type GroupSchoolRow = NonNullable<Awaited<ReturnType<typeof findGroupSchool>>>;

export async function listSchools(db: DbOrTx, scope: Scope, where?: SQL) {
  return db
    .select({
      school: schools,
      groupSchool: { id: groupSchools.id, name: groupSchools.name },
      address: addresses,
    })
    .from(schools)
    .innerJoin(groupSchools, eq(groupSchools.id, schools.groupSchoolId))
    .leftJoin(addresses, and(eq(addresses.schoolId, schools.id), eq(addresses.isSchoolAddress, true)))
    .where(and(inSchoolScope(scope, schools.id), where))
    .orderBy(schools.name);
}

export async function findSchool(db: DbOrTx, scope: Scope, id: string) {
  const [row] = await listSchools(db, scope, eq(schools.id, id));
  return row;
}

export type SchoolRow = NonNullable<Awaited<ReturnType<typeof findSchool>>>;

export async function listSchoolsOfGroup(db: DbOrTx, scope: Scope, groupSchoolId: string) {
  return listSchools(db, scope, eq(schools.groupSchoolId, groupSchoolId));
}

export async function listSchoolsAtAddress(db: DbOrTx, scope: Scope, addressId: string) {
  return listSchools(db, scope, eq(addresses.id, addressId));
}

/** What still points at a school, so deleting it would orphan records. */
export async function countSchoolDependents(db: DbOrTx, schoolId: string) {
  const [[sessions], [arms], [people]] = await Promise.all([
    db.select({ n: count() }).from(academicSessions).where(eq(academicSessions.schoolId, schoolId)),
    db.select({ n: count() }).from(classArms).where(eq(classArms.schoolId, schoolId)),
    db.select({ n: count() }).from(users).where(eq(users.schoolId, schoolId)),
  ]);
  return (sessions?.n ?? 0) + (arms?.n ?? 0) + (people?.n ?? 0);
}

export async function listAddresses(db: DbOrTx, scope: Scope, where?: SQL) {
  return db
    .select()
    .from(addresses)
    .where(and(inSchoolScope(scope, addresses.schoolId), where))
    .orderBy(addresses.createdAt);
}

export async function listAddressesOfSchool(db: DbOrTx, scope: Scope, schoolId: string) {
  return listAddresses(db, scope, eq(addresses.schoolId, schoolId));
}

export async function findAddress(db: DbOrTx, scope: Scope, id: string) {
  const [row] = await listAddresses(db, scope, eq(addresses.id, id));
  return row;
}

type GroupSchoolValues = Pick<typeof groupSchools.$inferInsert, 'name' | 'description' | 'logoUrl'>;

export async function insertGroupSchool(tx: DbOrTx, values: GroupSchoolValues) {
  const [row] = await tx.insert(groupSchools).values(values).returning();
  return row!;
}

export async function updateGroupSchoolRow(tx: DbOrTx, id: string, values: GroupSchoolValues) {
  const [row] = await tx.update(groupSchools).set(values).where(eq(groupSchools.id, id)).returning();
  return row;
}

export async function deleteGroupSchoolRow(tx: DbOrTx, id: string) {
  await tx.delete(groupSchools).where(eq(groupSchools.id, id));
}

type SchoolValues = Pick<
  typeof schools.$inferInsert,
  'groupSchoolId' | 'name' | 'email' | 'phoneNumber' | 'isActive' | 'receiptCode'
>;

/**
 * Whether another school of the group has the receipt code now or printed it on receipts
 * (migration 0024's `receipt_code_taken`, the rule the default code follows too).
 */
export async function receiptCodeTaken(db: DbOrTx, code: string, groupSchoolId: string, schoolId: string | null) {
  const [row] = await rowsOf<{ taken: boolean }>(
    db,
    sql`select receipt_code_taken(${code}, ${groupSchoolId}::uuid, ${schoolId}::uuid) as taken`,
  );
  return row?.taken ?? false;
}

export async function insertSchool(tx: DbOrTx, values: SchoolValues) {
  const [row] = await tx.insert(schools).values(values).returning();
  return row!;
}

export async function updateSchoolRow(tx: DbOrTx, id: string, values: SchoolValues) {
  const [row] = await tx.update(schools).set(values).where(eq(schools.id, id)).returning();
  return row;
}

/** A school goes with its addresses, which nothing else points at. */
export async function deleteSchoolAndAddresses(tx: DbOrTx, id: string) {
  await tx.delete(addresses).where(eq(addresses.schoolId, id));
  await tx.delete(schools).where(eq(schools.id, id));
}

type AddressValues = Pick<
  typeof addresses.$inferInsert,
  'street' | 'streetNo' | 'town' | 'state' | 'country' | 'zipCode'
>;

export async function insertAddress(
  tx: DbOrTx,
  values: AddressValues & Pick<typeof addresses.$inferInsert, 'schoolId' | 'isSchoolAddress'>,
) {
  const [row] = await tx.insert(addresses).values(values).returning();
  return row!;
}

export async function updateAddressRow(tx: DbOrTx, id: string, values: AddressValues) {
  const [row] = await tx.update(addresses).set(values).where(eq(addresses.id, id)).returning();
  return row;
}

export async function deleteAddressRow(tx: DbOrTx, id: string) {
  await tx.delete(addresses).where(eq(addresses.id, id));
}
