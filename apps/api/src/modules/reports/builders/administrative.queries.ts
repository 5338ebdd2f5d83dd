import { and, eq, sql } from 'drizzle-orm';
import type { ReadDb } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows.js';
import { loginAttempts, schools, users } from '../../../db/schema.js';
import { inRange, type ResolvedReport } from '../report-definition.js';
import { personName } from './person-name.js';

export interface RoleCount {
  school: string | null;
  role: string;
  active: number;
  locked: number;
  inactive: number;
  total: number;
}

/**
 * People per school and role (someone with two roles counts under each): active, active but
 * locked out after failed sign-ins, and inactive. Deleted accounts are left out.
 */
export function usersByRole(db: ReadDb, report: ResolvedReport) {
  const locked = sql`${users.lockedUntil} > ${report.now.toISOString()}::timestamptz`;
  return rowsOf<RoleCount>(
    db,
    sql`select ${schools.name} as school, r.role,
        (count(*) filter (where ${users.status} = 'active' and not coalesce(${locked}, false)))::int as active,
        (count(*) filter (where ${users.status} = 'active' and ${locked}))::int as locked,
        (count(*) filter (where ${users.status} <> 'active'))::int as inactive,
        count(*)::int as total
      from ${users}
      cross join lateral unnest(${users.roles}) as r(role)
      left join ${schools} on ${schools.id} = ${users.schoolId}
      where ${users.deletedAt} is null and ${report.inSchools(users.schoolId)}
      group by ${schools.name}, r.role`,
  );
}

/**
 * Each person's sign-in attempts in the period at each school, successful and refused, and the
 * last that succeeded. Attempts for an email no account has name no person and are left out
 * (the failed sign-ins report lists them).
 */
export function signInsPerPerson(db: ReadDb, report: ResolvedReport) {
  return db
    .select({
      name: personName(users),
      email: users.email,
      roles: users.roles,
      school: schools.name,
      succeeded: sql<number>`(count(*) filter (where ${loginAttempts.success}))::int`,
      failed: sql<number>`(count(*) filter (where not ${loginAttempts.success}))::int`,
      last: sql<Date | null>`max(${loginAttempts.createdAt}) filter (where ${loginAttempts.success})`.mapWith(
        loginAttempts.createdAt,
      ),
    })
    .from(loginAttempts)
    .innerJoin(users, eq(users.id, loginAttempts.userId))
    .leftJoin(schools, eq(schools.id, loginAttempts.schoolId))
    .where(and(report.inSchools(loginAttempts.schoolId), inRange(loginAttempts.createdAt, report.range)))
    .groupBy(users.id, schools.id)
    .orderBy(users.lastname, users.firstname, users.id, schools.name);
}
