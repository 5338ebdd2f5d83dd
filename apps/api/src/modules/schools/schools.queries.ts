import { and, count, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
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

export async function findAddress(db: DbOrTx, scope: Scope, id: string) {
  const [row] = await listAddresses(db, scope, eq(addresses.id, id));
  return row;
}
