import type { Role } from '@schoolledger/domain';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ReadDb } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { classArms, fees, terms, users } from '../../db/schema.js';
import { inSchoolScope, type Scope } from '../../plugins/tenancy.js';

/** Roles that make a user a member of staff rather than a payer. */
const PAYER_ROLES = sql`array['Student', 'Parent']::text[]`;
const isStaff = sql`not (${users.roles} <@ ${PAYER_ROLES})`;
const present = isNull(users.deletedAt);

/** Per role: active and inactive people of the schools in scope (a person with two roles counts in both). */
export async function peopleByRole(db: ReadDb, scope: Scope) {
  const rows = await rowsOf<{ role: Role; active: number; inactive: number }>(
    db,
    sql`select role, (count(*) filter (where ${users.status} = 'active'))::int as active,
      (count(*) filter (where ${users.status} <> 'active'))::int as inactive
    from ${users}, unnest(${users.roles}) as role
    where ${and(inSchoolScope(scope, users.schoolId), present)}
    group by role order by role`,
  );
  return rows;
}

/** Active and inactive staff (anyone with a role beyond Student and Parent), each person once. */
export async function staffTotals(db: ReadDb, scope: Scope) {
  const [row] = await db
    .select({
      active: sql<number>`(count(*) filter (where ${users.status} = 'active'))::int`,
      inactive: sql<number>`(count(*) filter (where ${users.status} <> 'active'))::int`,
    })
    .from(users)
    .where(and(inSchoolScope(scope, users.schoolId), present, isStaff));
  return row ?? { active: 0, inactive: 0 };
}

export function listStaff(db: ReadDb, scope: Scope, limit: number) {
  return db
    .select({
      id: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      roles: users.roles,
      status: users.status,
      lastLogin: users.lastLogin,
    })
    .from(users)
    .where(and(inSchoolScope(scope, users.schoolId), present, isStaff))
    .orderBy(asc(users.lastname), asc(users.firstname), asc(users.id))
    .limit(limit);
}

/** Fees waiting for approval in the schools in scope: how many, and the oldest few. */
export async function pendingFees(db: ReadDb, scope: Scope, limit: number) {
  const where = and(inSchoolScope(scope, fees.schoolId), eq(fees.status, 'pending'), isNull(fees.deletedAt));
  const [count, first] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(fees).where(where),
    db
      .select({
        id: fees.id,
        name: fees.name,
        amountKobo: fees.amountKobo,
        term: terms.name,
        createdAt: fees.createdAt,
      })
      .from(fees)
      .leftJoin(terms, eq(terms.id, fees.termId))
      .where(where)
      .orderBy(asc(fees.createdAt), desc(fees.id))
      .limit(limit),
  ]);
  return { count: count[0]?.n ?? 0, fees: first };
}

/** The class arms of the schools in scope with how many active students each holds. */
export function classArmsWithEnrolment(db: ReadDb, scope: Scope) {
  return db
    .select({
      id: classArms.id,
      name: classArms.name,
      capacity: classArms.capacity,
      enrolled: sql<number>`count(${users.id})::int`,
    })
    .from(classArms)
    .leftJoin(
      users,
      and(
        eq(users.classArmId, classArms.id),
        present,
        eq(users.status, 'active'),
        sql`'Student' = any(${users.roles})`,
      ),
    )
    .where(inSchoolScope(scope, classArms.schoolId))
    .groupBy(classArms.id)
    .orderBy(asc(classArms.name));
}
