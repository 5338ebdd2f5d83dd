import { type Role, SCHOOL_ERROR_CODES } from '@schoolledger/domain';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { schools } from '../db/schema.js';
import { notFound } from '../lib/errors.js';

/**
 * Which schools a caller may see. The super-admin (an Admin with no school) sees every school;
 * a Proprietor the schools of their group; a parent their own school and those their children
 * attend; everyone else their own school; a non-admin without a school sees nothing.
 */
export type Scope =
  | { kind: 'all' }
  | { kind: 'group'; groupSchoolId: string; schoolIds: string[] }
  | { kind: 'schools'; groupSchoolId: string; schoolIds: string[] }
  | { kind: 'school'; schoolId: string; groupSchoolId: string }
  | { kind: 'none' };

export function scopeFor(user: {
  roles: readonly Role[];
  schoolId: string | null;
  groupSchoolId: string | null;
  groupSchoolIds: string[];
  childSchoolIds: string[];
}): Scope {
  if (!user.schoolId || !user.groupSchoolId) {
    return user.roles.includes('Admin') && !user.schoolId ? { kind: 'all' } : { kind: 'none' };
  }
  if (user.roles.includes('Proprietor')) {
    return { kind: 'group', groupSchoolId: user.groupSchoolId, schoolIds: user.groupSchoolIds };
  }
  const otherChildSchools = user.roles.includes('Parent')
    ? user.childSchoolIds.filter((id) => id !== user.schoolId && user.groupSchoolIds.includes(id))
    : [];
  if (otherChildSchools.length > 0) {
    return { kind: 'schools', groupSchoolId: user.groupSchoolId, schoolIds: [user.schoolId, ...otherChildSchools] };
  }
  return { kind: 'school', schoolId: user.schoolId, groupSchoolId: user.groupSchoolId };
}

/** The WHERE condition that limits a school-keyed column to the caller's schools. */
export function inSchoolScope(scope: Scope, schoolColumn: AnyPgColumn): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'group':
    case 'schools':
      return scope.schoolIds.length ? inArray(schoolColumn, scope.schoolIds) : sql`false`;
    case 'school':
      return eq(schoolColumn, scope.schoolId);
    case 'none':
      return sql`false`;
  }
}

/** The WHERE condition for group-school rows: a school's staff see their own group. */
export function inGroupScope(scope: Scope, groupColumn: AnyPgColumn): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'group':
    case 'schools':
    case 'school':
      return eq(groupColumn, scope.groupSchoolId);
    case 'none':
      return sql`false`;
  }
}

/**
 * For rows about a school or, with no school, about a whole group (the audit trail): a caller
 * sees their schools' rows and their group's own. Rows about neither are the super-admin's.
 */
export function inSchoolOrGroupScope(scope: Scope, schoolColumn: AnyPgColumn, groupColumn: AnyPgColumn): SQL {
  if (scope.kind === 'all' || scope.kind === 'none') return inSchoolScope(scope, schoolColumn);
  return or(inSchoolScope(scope, schoolColumn), and(isNull(schoolColumn), eq(groupColumn, scope.groupSchoolId))) as SQL;
}

export function schoolInScope(scope: Scope, schoolId: string): boolean {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'group':
    case 'schools':
      return scope.schoolIds.includes(schoolId);
    case 'school':
      return scope.schoolId === schoolId;
    case 'none':
      return false;
  }
}

/** A school named in a request that the caller cannot see is, to them, not there. */
export function assertSchoolInScope(scope: Scope, schoolId: string, message?: string): void {
  if (!schoolInScope(scope, schoolId)) throw notFound(message, SCHOOL_ERROR_CODES.schoolNotFound);
}

/**
 * For rows about to be created in a school: in scope and there. The super-admin's scope admits
 * any id, so without the look-up an unknown school would reach the database as a foreign-key error.
 */
export async function assertSchoolExistsInScope(
  db: DbOrTx,
  scope: Scope,
  schoolId: string,
  message?: string,
): Promise<void> {
  assertSchoolInScope(scope, schoolId, message);
  const [school] = await db.select({ id: schools.id }).from(schools).where(eq(schools.id, schoolId));
  if (!school) throw notFound(message, SCHOOL_ERROR_CODES.schoolNotFound);
}
